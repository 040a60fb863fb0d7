import Tether

// How the SVG documents write ids, numbers and text.

/// An id as descriptions print it: `0x100000003`.
func hexID(_ id: UInt64) -> String { displayID(id) }

/// A coordinate for SVG: fixed-point with at most three decimals, no exponent, no `-0`
/// (`12`, `0.5`, `-3.125`, `33.333`), so that documents compare byte for byte.
func svgNumber(_ x: Double) -> String {
    let thousandths = (x * 1000).rounded()
    // Past 1e15 thousandths an Int64 still holds them, but doubles no longer have the digits;
    // such coordinates only come from degenerate layouts, and the %g form is valid SVG.
    guard thousandths.isFinite, Swift.abs(thousandths) < 1e15 else { return formatNumber(x) }
    let n = Int64(thousandths)
    if n == 0 { return "0" }
    let magnitude = n.magnitude
    var text = String(magnitude / 1000)
    let fraction = magnitude % 1000
    if fraction != 0 {
        var digits = String(fraction)
        while digits.count < 3 { digits = "0" + digits }
        while digits.hasSuffix("0") { digits.removeLast() }
        text += "." + digits
    }
    return n < 0 ? "-" + text : text
}

/// Text for XML character data and attribute values: the five special characters escaped, and
/// the characters XML 1.0 forbids (controls other than tab, line feed and carriage return;
/// U+FFFE, U+FFFF) replaced by U+FFFD, so that any identifier gives a well-formed document.
func xmlEscaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
        default:
            if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                out += "\u{FFFD}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out
}
