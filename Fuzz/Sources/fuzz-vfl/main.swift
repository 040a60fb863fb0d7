import FuzzSupport

runFuzzer(fuzzVisualFormat)
