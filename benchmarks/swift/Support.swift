// Timing, statistics, memory and output helpers for tether-bench. No Foundation.

import Glibc

/// Monotonic time in nanoseconds.
@inline(never)
func nowNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

func milliseconds(from start: UInt64, to end: UInt64) -> Double { Double(end &- start) / 1e6 }
func microseconds(from start: UInt64, to end: UInt64) -> Double { Double(end &- start) / 1e3 }

func median(_ values: [Double]) -> Double {
    precondition(!values.isEmpty)
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/// Peak resident set size of this process in KiB (Linux reports ru_maxrss in KiB).
func maxResidentKilobytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss)
}

/// Peak resident set size of this process image in KiB: VmHWM from /proc/self/status, which
/// starts afresh at exec. (ru_maxrss keeps the high-water mark of the process that forked us
/// when it is larger, so for small runs it shows the parent's size; both are printed.)
func peakResidentKilobytes() -> Int? {
    guard let file = fopen("/proc/self/status", "r") else { return nil }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 512)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
        let line = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        if line.hasPrefix("VmHWM:") {
            let digits = line.unicodeScalars.filter { $0.value >= 48 && $0.value <= 57 }
            return Int(String(String.UnicodeScalarView(digits)))
        }
    }
    return nil
}

/// Why a run did not produce a trustworthy time.
enum BenchFailure: Error, CustomStringConvertible {
    case usage(String)
    case verification(String)

    var description: String {
        switch self {
        case .usage(let message): return message
        case .verification(let message): return "verification failed: \(message)"
        }
    }
}

/// Whether `actual` equals `expected` up to layout precision.
func close(_ actual: Double, _ expected: Double) -> Bool {
    abs(actual - expected) <= 1e-6 * max(1, abs(expected))
}

/// Throws a verification failure naming `what` unless `actual ≈ expected`.
func expect(_ actual: Double, _ expected: Double, _ what: @autoclosure () -> String) throws(BenchFailure) {
    if !close(actual, expected) {
        throw .verification("\(what()) = \(actual), expected \(expected)")
    }
}

/// An ordered JSON object with number, string and boolean values, printed on one line.
struct JSONLine {
    private var fields: [(String, String)] = []

    mutating func set(_ key: String, _ value: Double) {
        fields.append((key, value.isFinite ? "\(value)" : "null"))
    }
    mutating func set(_ key: String, _ value: Int) { fields.append((key, "\(value)")) }
    mutating func set(_ key: String, _ value: String) { fields.append((key, quoted(value))) }
    mutating func set(_ key: String, _ value: Bool) { fields.append((key, value ? "true" : "false")) }
    /// For values of any integer type (solver statistics).
    mutating func set<T: BinaryInteger>(_ key: String, integer value: T) {
        fields.append((key, "\(value)"))
    }

    var text: String {
        "{" + fields.map { quoted($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    private func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

func printError(_ message: String) {
    var line = "tether-bench: " + message + "\n"
    line.withUTF8 { buffer in _ = write(2, buffer.baseAddress, buffer.count) }
}
