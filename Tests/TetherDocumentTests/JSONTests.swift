import XCTest
@testable import Tether
import TetherTestSupport
@testable import TetherDocument

/// The JSON reader and writer behind layout documents (Sources/TetherDocument/Document/JSON.swift).
final class JSONTests: XCTestCase {
    private func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONValue? {
        do {
            return try JSONParser.parse(text)
        } catch {
            XCTFail("\(text.debugDescription) did not parse: \(error)", file: file, line: line)
            return nil
        }
    }

    /// Parses `bytes`, which must fail; returns the error.
    private func failure(_ bytes: [UInt8], maximumDepth: Int = JSONParser.defaultMaximumDepth,
                         file: StaticString = #filePath, line: UInt = #line) -> JSONError? {
        do {
            let value = try JSONParser.parse(bytes: bytes, maximumDepth: maximumDepth)
            XCTFail("\(String(decoding: bytes, as: UTF8.self).debugDescription) parsed as \(value)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func failure(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONError? {
        failure(Array(text.utf8), file: file, line: line)
    }

    /// The error of `text`: message fragment, line, column and path.
    private func assertError(_ text: String, _ fragment: String, line: Int, column: Int, path: String,
                             file: StaticString = #filePath, sourceLine: UInt = #line) {
        guard let e = failure(text, file: file, line: sourceLine) else { return }
        XCTAssertTrue(e.message.contains(fragment), "\(e.message.debugDescription) lacks \(fragment.debugDescription)",
                      file: file, line: sourceLine)
        XCTAssertEqual(e.line, line, "line of \(e)", file: file, line: sourceLine)
        XCTAssertEqual(e.column, column, "column of \(e)", file: file, line: sourceLine)
        XCTAssertEqual(e.path.description, path, "path of \(e)", file: file, line: sourceLine)
    }

    // MARK: Reading

    func testScalarsAndContainers() {
        XCTAssertEqual(parse("null"), .null)
        XCTAssertEqual(parse(" true "), .bool(true))
        XCTAssertEqual(parse("\tfalse\r\n"), .bool(false))
        XCTAssertEqual(parse("\"a\""), .string("a"))
        XCTAssertEqual(parse("[]"), .array([]))
        XCTAssertEqual(parse("{}"), .object([]))
        XCTAssertEqual(parse(#"{"b": [1, {"c": null}], "a": "x"}"#),
                       .object([JSONMember("b", .array([.number(1), .object([JSONMember("c", .null)])])),
                                JSONMember("a", .string("x"))]))
        // Members keep their order; lookup finds them.
        let v = parse(#"{"z": 1, "a": 2}"#)
        XCTAssertEqual(v?["a"], .number(2))
        XCTAssertNil(v?["missing"])
        XCTAssertNil(JSONValue.number(1)["a"])
    }

    func testNumbers() {
        let cases: [(String, Double)] = [
            ("0", 0), ("-0", -0.0), ("7", 7), ("-12", -12), ("3.25", 3.25), ("-0.5", -0.5),
            ("1e3", 1000), ("1E+3", 1000), ("25e-1", 2.5), ("1.5e-300", 1.5e-300),
            ("123456789012345678901234567890", 123456789012345678901234567890.0),
            ("5e-324", .leastNonzeroMagnitude), ("4.9e-324", .leastNonzeroMagnitude), ("1e-400", 0), ("1.7976931348623157e308", 1.7976931348623157e308),
        ]
        for (text, value) in cases {
            guard case .number(let x)? = parse(text) else { XCTFail(text); continue }
            XCTAssertEqual(x, value, text)
            XCTAssertEqual(x.sign, value.sign, text)
        }
        assertError("1e400", "too large", line: 1, column: 1, path: "$")
        assertError("[-1e999]", "too large", line: 1, column: 2, path: "$[0]")
        assertError("01", "leading zeros", line: 1, column: 1, path: "$")
        assertError("-01", "leading zeros", line: 1, column: 1, path: "$")
        assertError("1.", "after the decimal point", line: 1, column: 3, path: "$")
        assertError(".5", "expected a JSON value, found '.'", line: 1, column: 1, path: "$")
        assertError("+1", "expected a JSON value, found '+'", line: 1, column: 1, path: "$")
        assertError("-", "expected a digit after '-'", line: 1, column: 2, path: "$")
        assertError("1e", "in the exponent", line: 1, column: 3, path: "$")
        assertError("1e+", "in the exponent", line: 1, column: 4, path: "$")
        assertError("0x10", "expected the end of the text after the JSON value, found 'x'", line: 1, column: 2, path: "$")
        assertError("[NaN]", "NaN and Infinity", line: 1, column: 2, path: "$[0]")
        assertError("Infinity", "NaN and Infinity", line: 1, column: 1, path: "$")
        assertError("[1 2]", "expected ',' or ']' after an array element, found '2'", line: 1, column: 4, path: "$")
    }

    func testStringsEscapesAndUnicode() {
        XCTAssertEqual(parse(#""\"\\\/\b\f\n\r\t""#), .string("\"\\/\u{08}\u{0C}\n\r\t"))
        XCTAssertEqual(parse(#""\u0041\u00e9\u4E2D""#), .string("Aé中"))
        XCTAssertEqual(parse(#""\ud83d\ude00""#), .string("😀"))
        XCTAssertEqual(parse(#""\u0000x""#), .string("\u{0}x"))
        XCTAssertEqual(parse("\"été 中 😀\""), .string("été 中 😀"))
        // Canonically equivalent spellings stay as written (the bytes are kept).
        guard case .string(let decomposed)? = parse("\"e\u{301}\"") else { return XCTFail() }
        XCTAssertEqual(Array(decomposed.utf8), [0x65, 0xCC, 0x81])

        assertError(#""\x""#, "invalid escape '\\x'", line: 1, column: 3, path: "$")
        assertError(#""\u12G4""#, "4 hexadecimal digits", line: 1, column: 6, path: "$")
        assertError(#""\ud83d""#, "lone high surrogate \\uD83D", line: 1, column: 2, path: "$")
        assertError(#""\ud83dx""#, "lone high surrogate", line: 1, column: 2, path: "$")
        assertError(#""\ud83d\u0041""#, "not by a low surrogate", line: 1, column: 2, path: "$")
        assertError(#"["\ude00"]"#, "lone low surrogate \\uDE00", line: 1, column: 3, path: "$[0]")
        assertError("\"a\nb\"", "control character U+000A must be escaped", line: 1, column: 3, path: "$")
        assertError("\"a\tb\"", "U+0009", line: 1, column: 3, path: "$")
        assertError(#"{"a": "open"#, "the string is not closed", line: 1, column: 12, path: "$.a")
        assertError("'a'", "double quotes", line: 1, column: 1, path: "$")
    }

    func testInvalidUTF8IsReportedWithItsPosition() {
        let cases: [([UInt8], String, Int)] = [
            ([0x22, 0xFF, 0x22], "byte 0xFF", 2),                   // never valid
            ([0x22, 0xC0, 0x80, 0x22], "byte 0xC0", 2),             // overlong NUL
            ([0x22, 0xE0, 0x80, 0x80, 0x22], "byte 0x80 after 0xE0", 2),  // overlong
            ([0x22, 0xED, 0xA0, 0x80, 0x22], "byte 0xA0 after 0xED", 2),  // a surrogate
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "byte 0x90 after 0xF4", 2),  // above U+10FFFF
            ([0x22, 0x61, 0xE2, 0x82], "cut short", 3),
            ([0x22, 0xC3, 0x22], "byte 0x22 after 0xC3", 2),
        ]
        for (bytes, fragment, column) in cases {
            guard let e = failure(bytes) else { continue }
            XCTAssertTrue(e.message.contains("invalid UTF-8") && e.message.contains(fragment), "\(bytes): \(e)")
            XCTAssertEqual(e.line, 1)
            XCTAssertEqual(e.column, column, "\(bytes): \(e)")
        }
        // Outside strings a non-ASCII byte is simply unexpected.
        let e = failure([0x5B, 0xC3, 0xA9, 0x5D])
        XCTAssertEqual(e?.message, "expected a JSON value, found a non-ASCII character")
        // A byte order mark is refused with advice.
        XCTAssertTrue(failure([0xEF, 0xBB, 0xBF, 0x31])?.message.contains("byte order mark") ?? false)
    }

    func testStructureErrorsNameLineColumnAndPath() {
        assertError("", "the text is empty", line: 1, column: 1, path: "$")
        assertError("  \n ", "the text is empty", line: 2, column: 2, path: "$")
        assertError("{\n  \"a\": [1, 2,]\n}", "trailing commas", line: 2, column: 14, path: "$.a[2]")
        assertError("{\"a\": 1,}", "trailing commas", line: 1, column: 9, path: "$")
        assertError("{\"a\" 1}", "expected ':' after the member name, found '1'", line: 1, column: 6, path: "$.a")
        assertError("{\"a\": 1 \"b\": 2}", "expected ',' or '}' after an object member, found '\"'", line: 1, column: 9, path: "$")
        assertError("{a: 1}", "member name in double quotes, found 'a'", line: 1, column: 2, path: "$")
        assertError("[1,\n  {\"x y\": [tru]}]", "did you mean true?", line: 2, column: 12, path: "$[1][\"x y\"][0]")
        assertError("[truex]", "unexpected 'x' after true", line: 1, column: 6, path: "$[0]")
        assertError("{\"a\": 1, \"b\": {\"a\": 2, \"a\": 3}}", "duplicate key \"a\"", line: 1, column: 24, path: "$.b.a")
        assertError("[1] [2]", "expected the end of the text", line: 1, column: 5, path: "$")
        assertError("// note\n1", "comments are not allowed", line: 1, column: 1, path: "$")
        assertError("[", "expected a JSON value, found the end of the text", line: 1, column: 2, path: "$[0]")
        assertError("{\"a\":", "found the end of the text", line: 1, column: 6, path: "$.a")
        // Columns count characters, not bytes.
        assertError("[\"été\", x]", "found 'x'", line: 1, column: 9, path: "$[1]")
        // The description puts them together.
        XCTAssertEqual(failure("[1,]")?.description,
                       "$[1]: line 1, column 4: expected an array element after ',', found ']' (trailing commas are not allowed)")
    }

    func testNestingIsLimitedInsteadOfOverflowingTheStack() {
        let limit = JSONParser.defaultMaximumDepth
        let ok = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        XCTAssertNotNil(parse(ok))
        let tooDeep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        let e = failure(tooDeep)
        XCTAssertEqual(e?.message, "arrays and objects are nested more than \(limit) levels deep")
        XCTAssertEqual(e?.column, limit + 1)
        // Far deeper input (unterminated) fails the same way, quickly.
        let huge = String(repeating: "{\"a\":[", count: 200_000)
        XCTAssertTrue(failure(huge)?.message.hasPrefix("arrays and objects are nested more than") ?? false)
        // A custom limit.
        XCTAssertNotNil(failure(Array("[[1]]".utf8), maximumDepth: 1))
        XCTAssertEqual(try JSONParser.parse("[[1]]", maximumDepth: 2), .array([.array([.number(1)])]))
    }

    // MARK: Paths

    func testPaths() {
        let path = JSONPath.root.appending("views").appending(2).appending("constraints").appending(0).appending("first")
        XCTAssertEqual(path.description, "$.views[2].constraints[0].first")
        XCTAssertEqual(JSONPath.root.appending("row height").appending("a\"b").description, #"$["row height"]["a\"b"]"#)
        XCTAssertEqual(JSONPath.root.appending("1a").appending("_ok9").description, #"$["1a"]._ok9"#)
        XCTAssertEqual(JSONPath.root.appending("").description, #"$[""]"#)
        XCTAssertEqual(JSONPath.root.appending("a: b").description, #"$["a: b"]"#)
    }

    // MARK: Writing

    func testNumberText() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "-0"), (8, "8"), (-8, "-8"), (0.1, "0.1"), (1e-5, "1e-05"), (2.5, "2.5"),
            (1e20, "1e+20"), (999_999_999_999_999, "999999999999999"), (1e15, "1000000000000000"),
            (123.456, "123.456"), (-1.5e-300, "-1.5e-300"), (.nan, "null"), (.infinity, "null"),
            (9007199254740991, "9007199254740991"), (9007199254740992, "9007199254740992.0"), (-1e300, "-1e+300"), (.leastNonzeroMagnitude, "5e-324"),
        ]
        for (value, text) in cases {
            XCTAssertEqual(JSONWriter.number(value), text, "\(value)")
        }
    }

    func testCompactAndSortedOutput() {
        let value = JSONValue.object([
            JSONMember("b", .array([.number(1), .bool(true), .null])),
            JSONMember("a", .string("q\"\\\n\u{1}é")),
            JSONMember("A", .object([])),
        ])
        XCTAssertEqual(JSONWriter.string(value, style: .compact),
                       #"{"b":[1,true,null],"a":"q\"\\\n\u0001é","A":{}}"#)
        XCTAssertEqual(JSONWriter.string(value, style: .compact, sortKeys: true),
                       #"{"A":{},"a":"q\"\\\n\u0001é","b":[1,true,null]}"#)
        XCTAssertEqual(JSONWriter.quoted("\u{08}\u{0C}\t\r\u{1F}/"), #""\b\f\t\r\u001F/""#)
    }

    func testPrettyOutputFollowsItsLineRule() {
        let view = JSONValue.object([
            JSONMember("identifier", .string("root")),
            JSONMember("frame", .array([.number(0), .number(0), .number(320), .number(480)])),
            JSONMember("subviews", .array([
                .object([JSONMember("identifier", .string("a")), JSONMember("frame", .array([.number(1), .number(2), .number(3), .number(4)]))]),
            ])),
            JSONMember("empty", .array([])),
            JSONMember("nested", .array([.array([.number(1)]), .array([])])),
        ])
        let expected = """
            {
              "identifier": "root",
              "frame": [0, 0, 320, 480],
              "subviews": [
                {"identifier": "a", "frame": [1, 2, 3, 4]}
              ],
              "empty": [],
              "nested": [[1], []]
            }

            """
        XCTAssertEqual(JSONWriter.string(view), expected)
        // Too long for one line: one element per line.
        let long = JSONValue.array((0..<40).map { .number(Double($0)) })
        let text = JSONWriter.string(long, style: .pretty(width: 40))
        XCTAssertEqual(text.split(separator: "\n").count, 42)
        XCTAssertTrue(text.hasPrefix("[\n  0,\n  1,\n"))
        XCTAssertEqual(try JSONParser.parse(text), long)
        // An array holding an array of containers is never on one line; the inner one may be.
        XCTAssertEqual(JSONWriter.string(.array([.array([.array([])])])), "[\n  [[]]\n]\n")
    }

    // MARK: Round trips

    private func randomString(_ rng: inout SeededGenerator) -> String {
        let pool: [Unicode.Scalar] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}",
                                      "\u{7F}", "é", "中", "😀", "\u{2028}", "\u{FEFF}", "\u{10FFFF}"]
        var s = ""
        for _ in 0..<Int.random(in: 0...8, using: &rng) { s.unicodeScalars.append(pool.randomElement(using: &rng)!) }
        return s
    }

    private func randomDouble(_ rng: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return Double(Int.random(in: -1000...1000, using: &rng))
        case 1: return Double.random(in: -1e6...1e6, using: &rng)
        case 2:
            // Any finite bit pattern, subnormals included.
            while true {
                let x = Double(bitPattern: rng.next())
                if x.isFinite { return x }
            }
        default: return [0, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1, 1e15, 1e-7][Int.random(in: 0..<7, using: &rng)]
        }
    }

    private func randomValue(_ rng: inout SeededGenerator, depth: Int) -> JSONValue {
        let choice = Int.random(in: 0..<(depth > 4 ? 4 : 6), using: &rng)
        switch choice {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .number(randomDouble(&rng))
        case 3: return .string(randomString(&rng))
        case 4: return .array((0..<Int.random(in: 0...4, using: &rng)).map { _ in randomValue(&rng, depth: depth + 1) })
        default:
            var members: [JSONMember] = []
            for i in 0..<Int.random(in: 0...4, using: &rng) {
                members.append(JSONMember(randomString(&rng) + "#\(i)", randomValue(&rng, depth: depth + 1)))
            }
            return .object(members)
        }
    }

    /// Equality that tells -0 from 0 (JSONValue's == does not).
    private func identical(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x.bitPattern == y.bitPattern
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { identical($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && identical($0.value, $1.value) }
        default: return a == b
        }
    }

    func testRandomValuesRoundTripExactlyInEveryStyle() throws {
        var rng = SeededGenerator(state: 2024)
        for _ in 0..<400 {
            let value = randomValue(&rng, depth: 0)
            for style in [JSONWriter.Style.compact, .pretty, .pretty(width: 20)] {
                let text = JSONWriter.string(value, style: style)
                let back = try JSONParser.parse(text)
                XCTAssertTrue(identical(back, value), "\(style): \(text)")
                // Writing is deterministic: the same value gives the same text.
                XCTAssertEqual(JSONWriter.string(back, style: style), text)
            }
            let sorted = try JSONParser.parse(JSONWriter.string(value, style: .compact, sortKeys: true))
            XCTAssertEqual(JSONWriter.string(sorted, style: .compact, sortKeys: true),
                           JSONWriter.string(value, style: .compact, sortKeys: true))
        }
    }

    func testEveryFiniteDoubleReadsBackExactly() throws {
        var rng = SeededGenerator(state: 7)
        for _ in 0..<20_000 {
            let x = randomDouble(&rng)
            let text = JSONWriter.number(x)
            guard case .number(let y) = try JSONParser.parse(text) else { return XCTFail(text) }
            XCTAssertEqual(y.bitPattern, x.bitPattern, "\(x) was written as \(text)")
        }
    }
}
