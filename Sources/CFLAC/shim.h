#include <FLAC/stream_decoder.h>
#include <FLAC/metadata.h>
