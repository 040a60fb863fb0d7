import FuzzSupport

runFuzzer(fuzzCAPI)
