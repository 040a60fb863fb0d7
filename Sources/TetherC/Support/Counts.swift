#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CTether

// Counts, lengths and capacities from C (`size_t`, which Swift reads as Int). A value of 2^63 or
// more arrives negative: read as a count it used to become 0 (a constraint with SIZE_MAX terms
// was made as `5 == 0`) or trap in a range. Swift also traps when an allocation fails, so a call
// that allocates in proportion to a caller's count asks the allocator first (base.h).

/// A count or length from C: refused when it is 2^63 or more (no array that large exists; it is
/// usually a negative number converted to size_t).
func checkedCount(_ raw: Int, _ name: String) throws(StatusFailure) -> Int {
    guard raw >= 0 else {
        throw invalidArgument("\(name) \(UInt(bitPattern: raw)) is not a count: counts and lengths are below 2^63")
    }
    return raw
}

/// A buffer capacity from C: 2^63 or more means "large enough", as a caller passing SIZE_MAX means.
func checkedCapacity(_ raw: Int) -> Int { raw < 0 ? Int.max : raw }

/// Checks that `count` elements of `bytesPerElement` bytes each can be allocated now, before the
/// call changes anything: TETHER_E_NO_MEMORY naming `name` otherwise. The memory is asked of the
/// system as malloc asks for a large block (an anonymous mapping the kernel accounts for) and
/// given back at once; the call then allocates what it needs in its own structures. (A
/// malloc/free pair would not do: the optimizer removes an unused pair and assumes it succeeded.)
func ensureAllocatable(_ count: Int, bytesPerElement: Int, _ name: String) throws(StatusFailure) {
    let (bytes, overflow) = count.multipliedReportingOverflow(by: Swift.max(bytesPerElement, 1))
    guard !overflow else {
        throw StatusFailure(status: TETHER_E_NO_MEMORY,
                            message: "\(name) \(count) needs more than 2^63 bytes, which cannot be allocated")
    }
    // Small requests always get memory (or the process has worse problems than this call).
    guard bytes > 1 << 24 else { return }
    let mapping = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let mapping, mapping != MAP_FAILED else {
        throw StatusFailure(status: TETHER_E_NO_MEMORY,
                            message: "\(name) \(count) needs \(bytes) bytes, which cannot be allocated")
    }
    munmap(mapping, bytes)
}
