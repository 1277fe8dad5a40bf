#include <opusfile.h>
