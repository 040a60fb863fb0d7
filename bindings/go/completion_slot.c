// The panic slot of each thread for the Go binding's animation completions (animation.go): a
// runtime/cgo.Handle of the Go value that collects a panic of an OnComplete func run by the C
// call in progress on this thread, 0 when none. A thread-local lives in one C file (not in a cgo
// preamble, which cgo copies into more than one translation unit).
#include <stdint.h>

static __thread uintptr_t go_tether_panic_slot;

uintptr_t go_tether_swap_panic_slot(uintptr_t slot) {
    uintptr_t previous = go_tether_panic_slot;
    go_tether_panic_slot = slot;
    return previous;
}

uintptr_t go_tether_current_panic_slot(void) { return go_tether_panic_slot; }
