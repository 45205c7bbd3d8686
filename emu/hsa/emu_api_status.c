/*
 * emu_api_status — hsa_status_string: ROCr's text for every status.
 */
#include "hsa/emu_runtime.h"

bool emu_id_name_find(const struct emu_id_name *t, size_t n, int id, const char **name)
{
	for (size_t i = 0; i < n; i++) {
		if (t[i].id == id) {
			*name = t[i].name;
			return true;
		}
	}
	return false;
}

static const struct emu_id_name emu_status_text[] = {
	{ HSA_STATUS_SUCCESS, "HSA_STATUS_SUCCESS: The function has been executed successfully." },
	{ HSA_STATUS_INFO_BREAK, "HSA_STATUS_INFO_BREAK: A traversal over a list of elements has been "
	  "interrupted by the application before completing." },
	{ HSA_STATUS_ERROR, "HSA_STATUS_ERROR: A generic error has occurred." },
	{ HSA_STATUS_ERROR_INVALID_ARGUMENT, "HSA_STATUS_ERROR_INVALID_ARGUMENT: One of the actual "
	  "arguments does not meet a precondition stated in the documentation of the corresponding "
	  "formal argument." },
	{ HSA_STATUS_ERROR_INVALID_QUEUE_CREATION, "HSA_STATUS_ERROR_INVALID_QUEUE_CREATION: The "
	  "requested queue creation is not valid." },
	{ HSA_STATUS_ERROR_INVALID_ALLOCATION, "HSA_STATUS_ERROR_INVALID_ALLOCATION: The requested "
	  "allocation is not valid." },
	{ HSA_STATUS_ERROR_INVALID_AGENT, "HSA_STATUS_ERROR_INVALID_AGENT: The agent is invalid." },
	{ HSA_STATUS_ERROR_INVALID_REGION, "HSA_STATUS_ERROR_INVALID_REGION: The memory region is "
	  "invalid." },
	{ HSA_STATUS_ERROR_INVALID_SIGNAL, "HSA_STATUS_ERROR_INVALID_SIGNAL: The signal is invalid." },
	{ HSA_STATUS_ERROR_INVALID_QUEUE, "HSA_STATUS_ERROR_INVALID_QUEUE: The queue is invalid." },
	{ HSA_STATUS_ERROR_OUT_OF_RESOURCES, "HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed "
	  "to allocate the necessary resources. This error may also occur when the core runtime "
	  "library needs to spawn threads or create internal OS-specific events." },
	{ HSA_STATUS_ERROR_INVALID_PACKET_FORMAT, "HSA_STATUS_ERROR_INVALID_PACKET_FORMAT: The AQL "
	  "packet is malformed." },
	{ HSA_STATUS_ERROR_RESOURCE_FREE, "HSA_STATUS_ERROR_RESOURCE_FREE: An error has been "
	  "detected while releasing a resource." },
	{ HSA_STATUS_ERROR_NOT_INITIALIZED, "HSA_STATUS_ERROR_NOT_INITIALIZED: An API other than "
	  "hsa_init has been invoked while the reference count of the HSA runtime is zero." },
	{ HSA_STATUS_ERROR_REFCOUNT_OVERFLOW, "HSA_STATUS_ERROR_REFCOUNT_OVERFLOW: The maximum "
	  "reference count for the object has been reached." },
	{ HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS, "HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS: The "
	  "arguments passed to a function are not compatible." },
	{ HSA_STATUS_ERROR_INVALID_INDEX, "HSA_STATUS_ERROR_INVALID_INDEX: The index is invalid." },
	{ HSA_STATUS_ERROR_INVALID_ISA, "HSA_STATUS_ERROR_INVALID_ISA: The instruction set "
	  "architecture is invalid." },
	{ HSA_STATUS_ERROR_INVALID_ISA_NAME, "HSA_STATUS_ERROR_INVALID_ISA_NAME: The instruction set "
	  "architecture name is invalid." },
	{ HSA_STATUS_ERROR_INVALID_CODE_OBJECT, "HSA_STATUS_ERROR_INVALID_CODE_OBJECT: The code "
	  "object is invalid." },
	{ HSA_STATUS_ERROR_INVALID_EXECUTABLE, "HSA_STATUS_ERROR_INVALID_EXECUTABLE: The executable "
	  "is invalid." },
	{ HSA_STATUS_ERROR_FROZEN_EXECUTABLE, "HSA_STATUS_ERROR_FROZEN_EXECUTABLE: The executable is "
	  "frozen." },
	{ HSA_STATUS_ERROR_INVALID_SYMBOL_NAME, "HSA_STATUS_ERROR_INVALID_SYMBOL_NAME: There is no "
	  "symbol with the given name." },
	{ HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED, "HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED: The "
	  "variable is already defined." },
	{ HSA_STATUS_ERROR_VARIABLE_UNDEFINED, "HSA_STATUS_ERROR_VARIABLE_UNDEFINED: The variable is "
	  "undefined." },
	{ HSA_STATUS_ERROR_EXCEPTION, "HSA_STATUS_ERROR_EXCEPTION: An HSAIL operation resulted in a "
	  "hardware exception." },
	{ HSA_STATUS_ERROR_INVALID_CODE_SYMBOL, "HSA_STATUS_ERROR_INVALID_CODE_SYMBOL: The code "
	  "object symbol is invalid." },
	{ HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL, "HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL: The "
	  "executable symbol is invalid." },
	{ HSA_STATUS_ERROR_INVALID_FILE, "HSA_STATUS_ERROR_INVALID_FILE: The file descriptor is "
	  "invalid." },
	{ HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER, "HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER: "
	  "The code object reader is invalid." },
	{ HSA_STATUS_ERROR_INVALID_CACHE, "HSA_STATUS_ERROR_INVALID_CACHE: The cache is invalid." },
	{ HSA_STATUS_ERROR_INVALID_WAVEFRONT, "HSA_STATUS_ERROR_INVALID_WAVEFRONT: The wavefront is "
	  "invalid." },
	{ HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP, "HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP: The signal "
	  "group is invalid." },
	{ HSA_STATUS_ERROR_INVALID_RUNTIME_STATE, "HSA_STATUS_ERROR_INVALID_RUNTIME_STATE: The HSA "
	  "runtime is not in the configuration state." },
	{ HSA_STATUS_ERROR_FATAL, "HSA_STATUS_ERROR_FATAL: The queue received an error that may "
	  "require process termination." },
	{ (hsa_status_t)HSA_STATUS_ERROR_INVALID_MEMORY_POOL, "HSA_STATUS_ERROR_INVALID_MEMORY_POOL: "
	  "The memory pool is invalid." },
	{ (hsa_status_t)HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION,
	  "HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: The agent accessed memory beyond the maximum "
	  "legal address." },
	{ (hsa_status_t)HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION, "HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION: "
	  "The agent executed an invalid shader instruction." },
	{ (hsa_status_t)HSA_STATUS_ERROR_MEMORY_FAULT, "HSA_STATUS_ERROR_MEMORY_FAULT: The agent "
	  "attempted to access an inaccessible address." },
	{ (hsa_status_t)HSA_STATUS_CU_MASK_REDUCED, "HSA_STATUS_CU_MASK_REDUCED: The CU mask was "
	  "successfully set but the mask attempted to enable a CU which was disabled for the "
	  "process." },
};

EMU_API hsa_status_t hsa_status_string(hsa_status_t status, const char **status_string)
{
	if (!status_string)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	return emu_id_name_find(emu_status_text, sizeof(emu_status_text) / sizeof(emu_status_text[0]),
	                        (int)status, status_string)
	               ? HSA_STATUS_SUCCESS
	               : HSA_STATUS_ERROR_INVALID_ARGUMENT;
}
