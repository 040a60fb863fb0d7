/// Text handed over as bytes (the C ABI, files): checked as UTF-8 before the reader sees it, so
/// that invalid bytes are an error with their line and column rather than replacement
/// characters that would silently change an id or a value.
enum UTF8Text {
    /// `bytes` as a String, or the position of the first byte that is not valid UTF-8.
    static func decode(_ bytes: [UInt8]) throws(XMLError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        // Only on failure: walk the scalars to name the line and column (columns count scalars,
        // as the reader's do).
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        var column = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .error, .emptyInput:
                // String(validating:) refused the text, so an error comes before its end.
                throw XMLError(message: "invalid UTF-8", line: line, column: column)
            }
        }
    }
}
