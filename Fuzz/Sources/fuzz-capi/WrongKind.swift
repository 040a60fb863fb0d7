import CTether
import FuzzSupport

// Ids carry their kind (bits 30-31; tether/engine.h, "Id kinds"): an engine's view and its
// constraint, or a solver's variable and its constraint, may share a slot, and an id given where
// the other kind is expected must be refused with TETHER_E_INVALID_ID, never reach the object of
// the expected kind in that slot.

extension Program {
    /// One call given an id of this engine or solver of the wrong kind (live or stale).
    func wrongKind(_ input: inout FuzzInput) {
        let status: tether_status
        let what: String
        if input.bool(), let e = live(&input), !e.views.isEmpty, !e.constraints.isEmpty {
            let h = e.handle
            let view = e.views[input.below(e.views.count)]
            let constraint = e.constraints[input.below(e.constraints.count)]
            var rect = tether_rect()
            var info = tether_layout_constraint_info()
            switch input.byte() % 6 {
            case 0: status = tether_view_frame(h, constraint, &rect); what = "view_frame(constraint)"
            case 1:
                status = tether_view_set_frame(h, constraint, tether_rect(x: 1, y: 2, width: 3, height: 4))
                what = "view_set_frame(constraint)"
            case 2: status = tether_guide_layout_frame(h, constraint, &rect); what = "guide_layout_frame(constraint)"
            case 3: status = tether_layout_constraint_set_constant(h, view, 5); what = "set_constant(view)"
            case 4: status = tether_layout_constraint_info_get(h, view, &info); what = "info_get(view)"
            default: status = tether_layout_constraint_set_active(h, view, 1); what = "set_active(view)"
            }
        } else if let s = liveSolver(&input), !s.variables.isEmpty, !s.constraints.isEmpty {
            let h = s.handle
            let variable = s.variables[input.below(s.variables.count)]
            let constraint = s.constraints[input.below(s.constraints.count)]
            var value = 0.0
            switch input.byte() % 4 {
            case 0: status = tether_solver_constraint_add(h, variable); what = "constraint_add(variable)"
            case 1: status = tether_solver_constraint_set_constant(h, variable, 1); what = "set_constant(variable)"
            case 2: status = tether_solver_variable_value(h, constraint, &value); what = "variable_value(constraint)"
            default: status = tether_solver_edit_add(h, constraint, 500); what = "edit_add(constraint)"
            }
        } else {
            return
        }
        if status != TETHER_E_INVALID_ID {
            fuzzFailure("wrong-kind id: \(what) returned \(String(cString: tether_status_name(status))), "
                        + "expected TETHER_E_INVALID_ID")
        }
    }
}
