#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CTether
import TetherC
import XCTest

/// The header's threading rule through the C ABI: one object is used from one thread at a time,
/// different objects from different threads at once, and the last-error message is per thread.
/// Several threads make, use and free their own solvers and engines at the same time (the handle
/// registry, the per-thread last error and the library's lazily made statics are shared), and
/// objects are handed from one thread to another. Under `make test-tsan` ThreadSanitizer checks
/// every shared access these runs make; without it the results are still checked.
final class ConcurrencyCABITests: XCTestCase {
    /// One thread's work; failures are collected and asserted on the test's thread after join.
    private final class Worker: @unchecked Sendable {
        let index: Int
        let rounds: Int
        var failures: [String] = []
        let body: (Worker) -> Void

        init(index: Int, rounds: Int, body: @escaping (Worker) -> Void) {
            self.index = index
            self.rounds = rounds
            self.body = body
        }

        func expect(_ condition: Bool, _ what: @autoclosure () -> String) {
            if !condition { failures.append("thread \(index): \(what())") }
        }

        /// What `call` writes to its out-parameter, which starts as `initial` (and stays so
        /// when the call fails, which is noted as a failure named `what`).
        func made<T>(_ initial: T, _ what: String, by call: (UnsafeMutablePointer<T>) -> tether_status) -> T {
            var value = initial
            expect(call(&value) == TETHER_OK, what)
            return value
        }
    }

    /// Runs every worker on its own thread and joins them all.
    private func run(_ workers: [Worker]) {
        var threads: [pthread_t] = []
        for worker in workers {
            var thread = pthread_t()
            let argument = Unmanaged.passRetained(worker).toOpaque()
            let rc = pthread_create(&thread, nil, { argument in
                let worker = Unmanaged<Worker>.fromOpaque(argument!).takeRetainedValue()
                worker.body(worker)
                return nil
            }, argument)
            XCTAssertEqual(rc, 0, "pthread_create")
            threads.append(thread)
        }
        for thread in threads { XCTAssertEqual(pthread_join(thread, nil), 0) }
        for worker in workers { XCTAssertEqual(worker.failures, []) }
    }

    private static let threadCount = 4

    /// Each thread solves its own system (x == 10·k, y == x + k) and gets its own messages.
    private static func solverWork(_ w: Worker) {
        let k = Double(w.index + 1)
        for round in 0..<w.rounds {
            guard let solver = w.made(nil, "tether_solver_new", by: tether_solver_new) else { return }
            let x = w.made(0, "variable x") { tether_solver_variable_new(solver, "x", $0) }
            let y = w.made(0, "variable y") { tether_solver_variable_new(solver, "y", $0) }
            var c1: tether_constraint = 0, c2: tether_constraint = 0
            var vars: [tether_variable] = [x], coefs: [Double] = [1]
            w.expect(tether_solver_constraint_new(solver, &vars, &coefs, 1, -10 * k, TETHER_RELATION_EQUAL,
                                                  1000, &c1) == TETHER_OK, "constraint 1")
            vars = [y, x]
            coefs = [1, -1]
            w.expect(tether_solver_constraint_new(solver, &vars, &coefs, 2, -k, TETHER_RELATION_EQUAL,
                                                  750, &c2) == TETHER_OK, "constraint 2")
            w.expect(tether_solver_constraint_add_batch(solver, [c1, c2], 2, nil) == TETHER_OK, "add")
            w.expect(tether_solver_update(solver) == TETHER_OK, "update")
            var values = [Double](repeating: .nan, count: 2)
            w.expect(tether_solver_variable_values(solver, [x, y], 2, &values) == TETHER_OK, "values")
            w.expect(values == [10 * k, 11 * k], "values \(values), expected [\(10 * k), \(11 * k)]")

            // A failure names this thread's relation, and only this thread sees the message.
            let relation = tether_relation(1000 + w.index)
            var bad: tether_constraint = 0
            w.expect(tether_solver_constraint_new(solver, &vars, &coefs, 2, 0, relation, 500, &bad)
                     == TETHER_E_INVALID_ARGUMENT, "bad relation accepted")
            let message = String(cString: tether_last_error())
            w.expect(message.hasPrefix("relation \(1000 + w.index) "), "last error \"\(message)\" (round \(round))")
            w.expect(tether_solver_free(solver) == TETHER_OK, "free")
            // The freed handle is rejected while other threads make and free theirs.
            w.expect(tether_solver_free(solver) == TETHER_E_INVALID_HANDLE, "double free accepted")
        }
    }

    /// Each thread lays out its own screen: a root k·100 wide with a header of height 10·k.
    private static func engineWork(_ w: Worker) {
        let k = Double(w.index + 1)
        for _ in 0..<w.rounds {
            guard let engine = w.made(nil, "tether_engine_new", by: tether_engine_new) else { return }
            let root = w.made(0, "root") { tether_view_new(engine, tether_rect(x: 0, y: 0, width: 100 * k, height: 300), $0) }
            let header = w.made(0, "header") { tether_view_new(engine, tether_rect(x: 0, y: 0, width: 0, height: 0), $0) }
            w.expect(tether_view_add_subview(engine, root, header) == TETHER_OK, "add subview")
            w.expect(tether_view_set_translates_autoresizing_mask(engine, header, 0) == TETHER_OK, "translates")
            let specs: [(tether_attribute, tether_view, tether_attribute, Double)] = [
                (TETHER_ATTRIBUTE_TOP, root, TETHER_ATTRIBUTE_TOP, 0),
                (TETHER_ATTRIBUTE_LEADING, root, TETHER_ATTRIBUTE_LEADING, 0),
                (TETHER_ATTRIBUTE_TRAILING, root, TETHER_ATTRIBUTE_TRAILING, 0),
                (TETHER_ATTRIBUTE_HEIGHT, 0, TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 10 * k),
            ]
            var made: [tether_layout_constraint] = []
            for (a1, item2, a2, constant) in specs {
                var c: tether_layout_constraint = 0
                w.expect(tether_layout_constraint_new(engine, header, a1, TETHER_RELATION_EQUAL, item2, a2,
                                                      item2 == 0 ? 0 : 1, constant, 1000, &c) == TETHER_OK, "constraint")
                made.append(c)
            }
            w.expect(tether_layout_constraint_activate(engine, made, made.count, nil) == TETHER_OK, "activate")
            w.expect(tether_view_layout_if_needed(engine, root) == TETHER_OK, "layout")
            var frame = tether_rect()
            w.expect(tether_view_frame(engine, header, &frame) == TETHER_OK, "frame")
            w.expect(frame.x == 0 && frame.y == 0 && frame.width == 100 * k && frame.height == 10 * k,
                     "header frame \(frame)")
            var description = [CChar](repeating: 0, count: 512)
            w.expect(tether_layout_constraint_description(engine, made[3], &description, description.count, nil)
                     == TETHER_OK, "description")
            w.expect(tether_engine_free(engine) == TETHER_OK, "engine free")
        }
    }

    func testSolversOnSeveralThreadsAtOnce() {
        run((0..<Self.threadCount).map { Worker(index: $0, rounds: 40, body: Self.solverWork) })
    }

    func testEnginesOnSeveralThreadsAtOnce() {
        run((0..<Self.threadCount).map { Worker(index: $0, rounds: 20, body: Self.engineWork) })
    }

    func testSolversAndEnginesMixed() {
        var workers: [Worker] = []
        for index in 0..<Self.threadCount {
            if index % 2 == 0 {
                workers.append(Worker(index: index, rounds: 20) { Self.solverWork($0) })
            } else {
                workers.append(Worker(index: index, rounds: 20) { Self.engineWork($0) })
            }
        }
        run(workers)
    }

    /// An object made on one thread is used on another (one thread at a time, ordered by the
    /// join), then freed on a third.
    func testAnObjectMovesBetweenThreads() {
        final class Shared: @unchecked Sendable {
            var solver: OpaquePointer?
            var x: tether_variable = 0
        }
        let shared = Shared()
        run([Worker(index: 0, rounds: 1) { w in
            w.expect(tether_solver_new(&shared.solver) == TETHER_OK, "new")
            w.expect(tether_solver_variable_new(shared.solver, "x", &shared.x) == TETHER_OK, "variable")
        }])
        run([Worker(index: 1, rounds: 1) { w in
            var c: tether_constraint = 0
            var vars = [shared.x], coefs: [Double] = [2]
            w.expect(tether_solver_constraint_new(shared.solver, &vars, &coefs, 1, -9, TETHER_RELATION_EQUAL,
                                                  1000, &c) == TETHER_OK, "constraint")
            w.expect(tether_solver_constraint_add(shared.solver, c) == TETHER_OK, "add")
            w.expect(tether_solver_update(shared.solver) == TETHER_OK, "update")
        }])
        var value = Double.nan
        XCTAssertEqual(tether_solver_variable_value(shared.solver, shared.x, &value), TETHER_OK)
        XCTAssertEqual(value, 4.5)
        run([Worker(index: 2, rounds: 1) { w in
            w.expect(tether_solver_free(shared.solver) == TETHER_OK, "free")
        }])
        XCTAssertEqual(tether_solver_free(shared.solver), TETHER_E_INVALID_HANDLE)
    }
}
