package parsers

/*
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
static void trim(void) { malloc_trim(0); }
#else
static void trim(void) {}
#endif
*/
import "C"

// releaseTrees returns to the system the memory of the syntax trees freed
// so far. glibc keeps freed memory in an arena per thread, and Go calls
// the parsers from whichever of its threads: without this, each thread's
// arena would go on holding a tree as large as the largest it parsed.
func releaseTrees() { C.trim() }
