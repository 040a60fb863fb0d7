import XCTest
@testable import TetherSolver

/// `Tableau.allocSymbol` takes symbols from the free list and adds free ones in chunks: ids come
/// out in the order that appending one symbol at a time gave (lowest first, a freed one before a
/// new one), across chunk boundaries and after a rollback, so tie-breaks by id do not change.
final class SymbolAllocationTests: XCTestCase {
    func testIdsAscendAcrossChunksAndFreedOnesComeBackFirst() {
        var t = Tableau()
        let count = 2 * Tableau.symbolChunk + 3
        let ids = (0..<count).map { _ in t.allocSymbol(.slack) }
        XCTAssertEqual(ids, (1...count).map { Int32($0) })  // symbol 0 is the objective's
        XCTAssertEqual(t.liveSymbolCount, count)
        t.freeSymbol(ids[7])
        t.freeSymbol(ids[3])
        XCTAssertEqual(t.allocSymbol(.error), ids[3])
        XCTAssertEqual(t.allocSymbol(.error), ids[7])
        XCTAssertEqual(t.allocSymbol(.error), Int32(count + 1))
        XCTAssertEqual(t.kind(ids[7]), .error)
        XCTAssertEqual(t.rowOf[Int(ids[7])], -1)
    }

    func testRollbackHandsTheSameIdsOutAgain() {
        var t = Tableau()
        // Leave exactly one free symbol in the chunk, so that the transaction below grows the
        // arrays by another chunk.
        for _ in 0..<(Tableau.symbolChunk - 1) { _ = t.allocSymbol(.slack) }
        let arrays = t.symKind.count
        t.beginTransaction()
        let inside = (0..<3).map { _ in t.allocSymbol(.dummy) }
        t.freeSymbol(inside[1])
        XCTAssertGreaterThan(t.symKind.count, arrays)
        t.rollbackTransaction()
        XCTAssertEqual(t.liveSymbolCount, Tableau.symbolChunk - 1)
        for s in inside { XCTAssertEqual(t.kind(s), .free) }
        // The same ids, in the same order, as if the transaction had never run.
        XCTAssertEqual((0..<3).map { _ in t.allocSymbol(.slack) }, inside)
    }
}
