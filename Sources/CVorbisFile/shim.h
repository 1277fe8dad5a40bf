// vorbisfile.h defines static callback tables unless told not to; they are not used.
#define OV_EXCLUDE_STATIC_CALLBACKS
#include <vorbis/vorbisfile.h>
