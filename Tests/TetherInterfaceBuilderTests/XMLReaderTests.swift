import XCTest
@testable import TetherInterfaceBuilder

final class InterfaceBuilderXMLReaderTests: XCTestCase {
    func testElementsAttributesAndLocations() throws {
        let root = try XMLReader.parse("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE doc [ <!ENTITY x "y"> <!-- ] > --> ]>
            <!-- a comment -->
            <doc a="1" b='two'>
              text &amp; more
              <?pi data?>
              <child  c = "3"/><![CDATA[ <not> an element ]]>
              <other/>
            </doc>
            <!-- after -->
            """)
        XCTAssertEqual(root.name, "doc")
        XCTAssertEqual(root["a"], "1")
        XCTAssertEqual(root["b"], "two")
        XCTAssertEqual(root.line, 4)
        XCTAssertEqual(root.column, 1)
        XCTAssertEqual(root.children.map(\.name), ["child", "other"])
        XCTAssertEqual(root.children[0]["c"], "3")
        XCTAssertEqual(root.children[0].line, 7)
        XCTAssertEqual(root.children[0].column, 3)
        XCTAssertEqual(root.children[1].line, 8)
    }

    func testEntitiesAndCharacterReferences() throws {
        let root = try XMLReader.parse(#"<a v="&lt;&gt;&amp;&apos;&quot; &#65;&#x42;&#x1F600;" w="x&#10;y"/>"#)
        XCTAssertEqual(root["v"], "<>&'\" AB😀")
        XCTAssertEqual(root["w"], "x\ny")
    }

    func testAttributeWhiteSpaceIsNormalized() throws {
        let root = try XMLReader.parse("<a v=\"x\ty\r\nz\"/>")
        XCTAssertEqual(root["v"], "x y z")
    }

    func testColumnsCountCharactersNotBytes() {
        XCTAssertThrowsError(try XMLReader.parse("<a b=\"é\" é=\"1\" &/>")) { error in
            let error = error as! XMLError
            XCTAssertEqual(error.line, 1)
            XCTAssertEqual(error.column, 16)
        }
    }

    private func assertError(_ text: String, line: Int, column: Int, contains words: String,
                             file: StaticString = #filePath, lineNumber: UInt = #line) {
        XCTAssertThrowsError(try XMLReader.parse(text), file: file, line: lineNumber) { error in
            guard let error = error as? XMLError else { return XCTFail("not an XMLError: \(error)", file: file, line: lineNumber) }
            XCTAssertEqual(error.line, line, "\(error)", file: file, line: lineNumber)
            XCTAssertEqual(error.column, column, "\(error)", file: file, line: lineNumber)
            XCTAssertTrue(error.message.contains(words), "\(error)", file: file, line: lineNumber)
        }
    }

    func testMalformedDocumentsNameTheLineAndColumn() {
        assertError("", line: 1, column: 1, contains: "no root element")
        assertError("<a>\n  <b>\n</a>", line: 3, column: 1, contains: "does not close <b> (opened at line 2, column 3)")
        assertError("<a>\n<b>", line: 2, column: 4, contains: "ends inside <b>")
        assertError("<a x=\"1\" x=\"2\"/>", line: 1, column: 10, contains: "appears twice")
        assertError("<a x=1/>", line: 1, column: 6, contains: "quoted value")
        assertError("<a x=\"<\"/>", line: 1, column: 7, contains: "'<' is not allowed")
        assertError("<a x=\"&nbsp;\"/>", line: 1, column: 7, contains: "unknown entity")
        assertError("<a x=\"&#0;\"/>", line: 1, column: 7, contains: "not a reference to a character")
        assertError("<a x=\"&#xD800;\"/>", line: 1, column: 7, contains: "not a reference to a character")
        assertError("<a>&amp</a>", line: 1, column: 4, contains: "must start a reference")
        assertError("<a/>\n<b/>", line: 2, column: 1, contains: "expected the end of the document")
        assertError("<a><!-- x -- y --></a>", line: 1, column: 11, contains: "'--'")
        assertError("<a><!-- x", line: 1, column: 4, contains: "comment")
        assertError("<a><![CDATA[ x", line: 1, column: 4, contains: "CDATA")
        assertError("<a x=\"1\"y=\"2\"/>", line: 1, column: 9, contains: "expected white space")
        assertError("<a\n  x", line: 2, column: 4, contains: "expected '='")
        assertError("< a/>", line: 1, column: 2, contains: "element name")
        assertError("<a></b >", line: 1, column: 4, contains: "does not close")
        assertError("<a/><!DOCTYPE a>", line: 1, column: 5, contains: "document type declaration after")
    }

    func testDeepNestingDoesNotOverflowTheStack() throws {
        let depth = 20_000
        let text = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        var element = try XMLReader.parse(text)
        var levels = 1
        while let child = element.children.first {
            element = child
            levels += 1
        }
        XCTAssertEqual(levels, depth)
    }
}
