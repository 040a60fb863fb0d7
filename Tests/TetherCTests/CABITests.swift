import CTether
import TetherC
import XCTest

/// The C ABI exercised from Swift: handles, ids, statuses and messages.
final class CABITests: XCTestCase {
    private func lastError() -> String { String(cString: tether_last_error()) }

    func testVersion() {
        XCTAssertEqual(tether_abi_version(), UInt32(TETHER_ABI_VERSION))
        XCTAssertEqual(String(cString: tether_version_string()),
                       "\(TETHER_VERSION_MAJOR).\(TETHER_VERSION_MINOR).\(TETHER_VERSION_PATCH)")
        XCTAssertEqual(String(cString: tether_status_name(TETHER_E_INVALID_ID)), "TETHER_E_INVALID_ID")
        XCTAssertEqual(String(cString: tether_status_name(999)), "unknown status")
    }

    func testSolveThroughC() {
        var solver: OpaquePointer?
        XCTAssertEqual(tether_solver_new(&solver), TETHER_OK)
        defer { XCTAssertEqual(tether_solver_free(solver), TETHER_OK) }
        var x: tether_variable = 0, y: tether_variable = 0
        XCTAssertEqual(tether_solver_variable_new(solver, "x", &x), TETHER_OK)
        XCTAssertEqual(tether_solver_variable_new(solver, nil, &y), TETHER_OK)
        var c: tether_constraint = 0
        var vars: [tether_variable] = [x]
        var coefs: [Double] = [1]
        XCTAssertEqual(tether_solver_constraint_new(solver, &vars, &coefs, 1, -10, TETHER_RELATION_EQUAL, 1000, &c), TETHER_OK)
        XCTAssertEqual(tether_solver_constraint_add(solver, c), TETHER_OK)
        vars = [y, x]
        coefs = [1, -2]
        var d: tether_constraint = 0
        XCTAssertEqual(tether_solver_constraint_new(solver, &vars, &coefs, 2, 0, TETHER_RELATION_EQUAL, 1000, &d), TETHER_OK)
        XCTAssertEqual(tether_solver_constraint_add(solver, d), TETHER_OK)
        XCTAssertEqual(tether_solver_update(solver), TETHER_OK)
        var values = [Double](repeating: 0, count: 2)
        XCTAssertEqual(tether_solver_variable_values(solver, [x, y], 2, &values), TETHER_OK)
        XCTAssertEqual(values, [10, 20])

        // A conflicting required constraint is rejected with its conflicting set.
        var e: tether_constraint = 0
        vars = [y]
        coefs = [1]
        XCTAssertEqual(tether_solver_constraint_new(solver, &vars, &coefs, 1, -5, TETHER_RELATION_EQUAL, 1000, &e), TETHER_OK)
        XCTAssertEqual(tether_solver_constraint_add(solver, e), TETHER_E_UNSATISFIABLE)
        XCTAssertTrue(lastError().contains("cannot be satisfied"), lastError())
        var needed = 0
        XCTAssertEqual(tether_solver_conflict(solver, nil, 0, &needed), TETHER_E_BUFFER_TOO_SMALL)
        XCTAssertEqual(needed, 2)
        var conflict = [tether_constraint](repeating: 0, count: needed)
        XCTAssertEqual(tether_solver_conflict(solver, &conflict, needed, &needed), TETHER_OK)
        XCTAssertEqual(Set(conflict), Set([c, d]))
        XCTAssertEqual(tether_solver_check(solver), TETHER_OK)
    }

    func testStorageCounters() {
        var solver: OpaquePointer?
        XCTAssertEqual(tether_solver_new(&solver), TETHER_OK)
        defer { XCTAssertEqual(tether_solver_free(solver), TETHER_OK) }
        var storage = tether_solver_storage(bytes: 1, definitions: 1)
        XCTAssertEqual(tether_solver_storage_get(solver, &storage), TETHER_OK)
        XCTAssertEqual(storage.definitions, 0)
        var x: tether_variable = 0, y: tether_variable = 0
        XCTAssertEqual(tether_solver_variable_new(solver, "x", &x), TETHER_OK)
        XCTAssertEqual(tether_solver_variable_new(solver, "y", &y), TETHER_OK)
        var c: tether_constraint = 0
        var vars: [tether_variable] = [y, x]
        var coefs: [Double] = [1, -1]
        XCTAssertEqual(tether_solver_constraint_new(solver, &vars, &coefs, 2, -8, TETHER_RELATION_EQUAL, 1000, &c), TETHER_OK)
        XCTAssertEqual(tether_solver_constraint_add(solver, c), TETHER_OK)
        let before = storage.bytes
        XCTAssertEqual(tether_solver_storage_get(solver, &storage), TETHER_OK)
        XCTAssertEqual(storage.definitions, 1)  // y == x + 8 with a fresh y
        XCTAssertGreaterThan(storage.bytes, before)
        XCTAssertEqual(tether_solver_storage_get(solver, nil), TETHER_E_NULL_ARGUMENT)
        XCTAssertEqual(tether_solver_storage_get(nil, &storage), TETHER_E_NULL_ARGUMENT)
        XCTAssertFalse(lastError().isEmpty)
    }

    func testBadHandlesAndIds() {
        XCTAssertEqual(tether_solver_new(nil), TETHER_E_NULL_ARGUMENT)
        XCTAssertEqual(tether_solver_update(nil), TETHER_E_NULL_ARGUMENT)
        var local = 0
        withUnsafeMutablePointer(to: &local) { p in
            XCTAssertEqual(tether_solver_update(OpaquePointer(p)), TETHER_E_INVALID_HANDLE)
        }
        XCTAssertTrue(lastError().contains("not a live tether_solver"))
        var a: OpaquePointer?, b: OpaquePointer?
        XCTAssertEqual(tether_solver_new(&a), TETHER_OK)
        XCTAssertEqual(tether_solver_new(&b), TETHER_OK)
        var x: tether_variable = 0
        XCTAssertEqual(tether_solver_variable_new(a, "x", &x), TETHER_OK)
        var value = 0.0
        XCTAssertEqual(tether_solver_variable_value(b, x, &value), TETHER_E_INVALID_ID)
        XCTAssertEqual(tether_solver_variable_value(a, 0, &value), TETHER_E_INVALID_ID)
        XCTAssertEqual(tether_solver_variable_free(a, x), TETHER_OK)
        XCTAssertEqual(tether_solver_variable_value(a, x, &value), TETHER_E_INVALID_ID)
        var bad = [UInt8]("bad \u{FF}".utf8)
        bad[4] = 0xFF
        bad.append(0)
        bad.withUnsafeBufferPointer { p in
            p.withMemoryRebound(to: CChar.self) { c in
                XCTAssertEqual(tether_solver_variable_new(a, c.baseAddress, &x), TETHER_E_INVALID_UTF8)
            }
        }
        XCTAssertEqual(tether_solver_free(a), TETHER_OK)
        XCTAssertEqual(tether_solver_free(a), TETHER_E_INVALID_HANDLE)
        XCTAssertEqual(tether_solver_free(b), TETHER_OK)
    }
}
