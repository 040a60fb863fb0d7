import CTether
import TetherSolver

extension SolverError {
    /// The C status for this error.
    var status: tether_status {
        switch self {
        case .invalidVariable, .invalidConstraint: return TETHER_E_INVALID_ID
        case .nonFinite, .invalidPriority, .requiredEditVariable, .overflow, .changeOverflows, .coefficientOutOfRange: return TETHER_E_INVALID_ARGUMENT
        case .duplicateConstraint, .duplicateEditVariable: return TETHER_E_DUPLICATE
        case .unknownConstraint, .unknownEditVariable: return TETHER_E_NOT_FOUND
        case .unsatisfiable: return TETHER_E_UNSATISFIABLE
        case .variableInUse: return TETHER_E_IN_USE
        case .priorityMutation: return TETHER_E_INVALID_STATE
        case .internalError: return TETHER_E_INTERNAL
        }
    }
}

/// An error of a Swift layer (the solver's, the view model's) with the C status it maps to.
protocol StatusError: Error, CustomStringConvertible {
    var status: tether_status { get }
}

extension SolverError: StatusError {}

/// Runs a shim body against a validated handle of `kind`, mapping every error to a status and
/// its thread-local message.
@inline(__always)
func withHandle<T: AnyObject>(_ handle: OpaquePointer?, as type: T.Type, kind: HandleKind, name: String,
                              _ body: (T) throws(StatusFailure) -> Void) -> tether_status {
    switch resolveHandle(handle, as: type, kind: kind, name: name) {
    case .failure(let f):
        return failure(f.status, f.message)
    case .success(let object):
        do {
            try body(object)
            return TETHER_OK
        } catch {
            return failure(error.status, error.message)
        }
    }
}

/// Runs a shim body against a validated solver, mapping every error to a status + message.
@inline(__always)
func withSolver(_ handle: OpaquePointer?, _ body: (Solver) throws(StatusFailure) -> Void) -> tether_status {
    withHandle(handle, as: Solver.self, kind: .solver, name: "solver", body)
}

/// Converts an error of a Swift layer into a shim failure.
@inline(__always)
func check<E: StatusError, T>(_ body: () throws(E) -> T) throws(StatusFailure) -> T {
    do {
        return try body()
    } catch {
        throw StatusFailure(status: error.status, message: error.description)
    }
}

@inline(__always)
func require<T>(_ pointer: T?, _ name: String) throws(StatusFailure) -> T {
    guard let pointer else { throw StatusFailure(status: TETHER_E_NULL_ARGUMENT, message: "\(name) is NULL") }
    return pointer
}

func statusName(_ status: tether_status) -> String? {
    switch status {
    case TETHER_OK: return "TETHER_OK"
    case TETHER_E_NULL_ARGUMENT: return "TETHER_E_NULL_ARGUMENT"
    case TETHER_E_INVALID_HANDLE: return "TETHER_E_INVALID_HANDLE"
    case TETHER_E_INVALID_ID: return "TETHER_E_INVALID_ID"
    case TETHER_E_INVALID_ARGUMENT: return "TETHER_E_INVALID_ARGUMENT"
    case TETHER_E_BUFFER_TOO_SMALL: return "TETHER_E_BUFFER_TOO_SMALL"
    case TETHER_E_UNSATISFIABLE: return "TETHER_E_UNSATISFIABLE"
    case TETHER_E_DUPLICATE: return "TETHER_E_DUPLICATE"
    case TETHER_E_NOT_FOUND: return "TETHER_E_NOT_FOUND"
    case TETHER_E_INVALID_UTF8: return "TETHER_E_INVALID_UTF8"
    case TETHER_E_IN_USE: return "TETHER_E_IN_USE"
    case TETHER_E_INVALID_STATE: return "TETHER_E_INVALID_STATE"
    case TETHER_E_INTERNAL: return "TETHER_E_INTERNAL"
    case TETHER_E_CALLBACK_FAILED: return "TETHER_E_CALLBACK_FAILED"
    case TETHER_E_PARSE: return "TETHER_E_PARSE"
    case TETHER_E_IO: return "TETHER_E_IO"
    case TETHER_E_NO_MEMORY: return "TETHER_E_NO_MEMORY"
    default: return nil
    }
}
