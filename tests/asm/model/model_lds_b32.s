// model_lds_b32.s — ds_read_b32 throughput and bank cost (see model_lds.inc).
.include "model_lds.inc"
	model_lds_kernel model_lds_b32, 1
