/*
 * libFuzzer's entry point for programs that have their own main (compiler-rt's FuzzerDriver).
 * SwiftPM links an executable target's main under another name, so the harnesses call this from
 * their top-level code instead of using libFuzzer's main.
 */
#ifndef TETHER_FUZZER_DRIVER_H
#define TETHER_FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

#endif
