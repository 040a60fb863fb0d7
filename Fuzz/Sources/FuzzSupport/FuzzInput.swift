#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import FuzzerDriver

/// Reads a fuzz input as a stream of choices. Past the end every read gives 0 (or its table's
/// first entry), so any byte string, the empty one included, decodes to a valid program and
/// libFuzzer's mutations (flip, insert, erase, copy) move between nearby programs.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var index = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        guard let data, size > 0 else { self.bytes = []; return }
        self.bytes = Array(UnsafeBufferPointer(start: data, count: size))
    }

    public var isExhausted: Bool { index >= bytes.count }

    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    public mutating func u16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }

    public mutating func u32() -> UInt32 { UInt32(u16()) | UInt32(u16()) << 16 }

    public mutating func u64() -> UInt64 { UInt64(u32()) | UInt64(u32()) << 32 }

    /// A number in 0..<n (n in 1...65536): one byte when n <= 256, else two.
    public mutating func below(_ n: Int) -> Int {
        precondition(n >= 1 && n <= 65536)
        return n <= 256 ? Int(byte()) % n : Int(u16()) % n
    }

    /// One of `choices` (not empty).
    public mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// Up to `max` bytes, length first.
    public mutating func bytes(max: Int) -> [UInt8] {
        let count = below(max + 1)
        var out: [UInt8] = []
        out.reserveCapacity(count)
        for _ in 0..<count {
            if isExhausted { break }
            out.append(byte())
        }
        return out
    }

    /// The numbers layouts meet and the ones that break naive code: signed zeros, tiny and huge
    /// magnitudes, NaN and infinities, priorities at and around their limits.
    static let interestingDoubles: [Double] = [
        0, 1, -1, 0.5, 8, 20, 44, 100, 320, 480, -20, 1000, 999, 750, 250, 50, 1000.5, 0.25,
        -0.0, 1e-9, -1e-9, 1e-300, 1e9, -1e9, 1e15, 1e300, -1e300,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
        .nan, -.nan, .infinity, -.infinity, 10000, 0.333333333333,
    ]

    /// A double: mostly an interesting value or a small integer, sometimes any bit pattern.
    public mutating func double() -> Double {
        let selector = byte()
        switch selector {
        case 0..<128: return Self.interestingDoubles[Int(selector) % Self.interestingDoubles.count]
        case 128..<240: return Double(Int(byte()) - 64)  // -64...191: the sizes of small screens
        default: return Double(bitPattern: u64())
        }
    }

    /// A finite, modest double (frames, sizes), for programs that must get past validation.
    public mutating func modestDouble() -> Double {
        Double(Int(u16() % 1024)) - 128 + (bool() ? 0.5 : 0)
    }

    static let interestingFloats: [Float] = [
        1000, 999, 750, 251, 250, 249, 50, 1, 0, -1, 1000.5, 999.5, 0.5, 1001,
        .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
    ]

    /// A priority-like float: mostly an interesting value, sometimes any bit pattern.
    public mutating func float() -> Float {
        let selector = byte()
        switch selector {
        case 0..<160: return Self.interestingFloats[Int(selector) % Self.interestingFloats.count]
        case 160..<250: return Float(byte()) * 4  // 0...1020
        default: return Float(bitPattern: u32())
        }
    }

    /// An int32 enum value: mostly in or near `range`, sometimes any value.
    public mutating func enumValue(_ range: ClosedRange<Int32>) -> Int32 {
        let selector = byte()
        if selector < 200 {
            let span = Int(range.upperBound - range.lowerBound) + 3
            return range.lowerBound - 1 + Int32(Int(selector) % span)
        }
        return Int32(bitPattern: u32())
    }
}

/// Fails the run: libFuzzer reports the trap as a crash and saves the input.
public func fuzzFailure(_ message: String) -> Never {
    fatalError("fuzz invariant violated: \(message)")
}

/// Hands control to libFuzzer with `callback` as the target (the same function the harness
/// exports as LLVMFuzzerTestOneInput) and exits with its status.
public func runFuzzer(_ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, callback))
}

/// Writes a line to standard error at once (unbuffered: it must not be lost when a trap follows).
public func traceLine(_ line: String) {
    var bytes = Array((line + "\n").utf8)
    bytes.withUnsafeMutableBufferPointer { _ = write(2, $0.baseAddress, $0.count) }
}
