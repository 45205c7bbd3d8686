// model_lds_b64.s — ds_read_b64 throughput and bank cost (see model_lds.inc).
.include "model_lds.inc"
	model_lds_kernel model_lds_b64, 2
