-- The raw solver (tether/solver.h): variables, linear expressions, constraints with priorities,
-- edit variables, suggest, values. Loaded by tether/view_model.lua with the shared helpers.
local ffi = require("ffi")

return function(M, h)
  local C, K, check = h.C, h.K, h.check

  local Solver, Variable, Expr, SolverConstraint = {}, {}, {}, {}
  Solver.__index, Variable.__index, SolverConstraint.__index = Solver, Variable, SolverConstraint
  Expr.__index = Expr

  --- A new solver. Garbage-collected; :free() releases it at once (its variables and
  --- constraints die with it).
  function M.Solver()
    local out = ffi.new("tether_solver*[1]")
    check(C.tether_solver_new(out))
    return setmetatable({ _handle = ffi.gc(out[0], C.tether_solver_free) }, Solver)
  end
  function Solver:ptr()
    if not self._handle then
      error(setmetatable({ status = K.E_INVALID_HANDLE, name = "TETHER_E_INVALID_HANDLE",
                           message = "the solver was freed" }, M.Error), 3)
    end
    return self._handle
  end
  function Solver:free()
    local handle = self._handle
    if not handle then return end
    self._handle = nil
    ffi.gc(handle, nil)
    check(C.tether_solver_free(handle))
  end
  Solver.close = Solver.free

  function Solver:variable(name)
    local out = ffi.new("tether_variable[1]")
    check(C.tether_solver_variable_new(self:ptr(), name, out))
    return setmetatable({ solver = self, id = out[0], name = name }, Variable)
  end
  function Variable:value()
    local out = ffi.new("double[1]")
    check(C.tether_solver_variable_value(self.solver:ptr(), self.id, out))
    return out[0]
  end
  function Variable:free() check(C.tether_solver_variable_free(self.solver:ptr(), self.id)) end
  Variable.__tostring = function(v) return v.name or "variable" end

  -- Linear expressions: {terms = {{variable, coefficient}, ...}, constant = c}.
  local function as_expr(x)
    if type(x) == "number" then return setmetatable({ terms = {}, constant = x }, Expr) end
    if getmetatable(x) == Variable then
      return setmetatable({ terms = { { x, 1 } }, constant = 0 }, Expr)
    end
    assert(getmetatable(x) == Expr, "a solver expression takes variables and numbers")
    return x
  end
  local function scaled(e, k)
    local terms = {}
    for i, t in ipairs(e.terms) do terms[i] = { t[1], t[2] * k } end
    return setmetatable({ terms = terms, constant = e.constant * k }, Expr)
  end
  local function plus(a, b)
    a, b = as_expr(a), as_expr(b)
    local terms = {}
    for _, t in ipairs(a.terms) do terms[#terms + 1] = t end
    for _, t in ipairs(b.terms) do terms[#terms + 1] = t end
    return setmetatable({ terms = terms, constant = a.constant + b.constant }, Expr)
  end
  local function minus(a, b) return plus(a, scaled(as_expr(b), -1)) end
  local function times(a, b)
    if type(a) == "number" then a, b = b, a end
    assert(type(b) == "number", "a solver expression is linear: multiply by numbers only")
    return scaled(as_expr(a), b)
  end
  local function negate(a) return scaled(as_expr(a), -1) end

  --- An unadded constraint `self RELATION rhs` at `priority` (default required, 1000).
  local function relate(relation)
    return function(self, rhs, priority)
      local e = minus(self, rhs)
      local solver = e.terms[1] and e.terms[1][1].solver
      assert(solver, "a solver constraint needs at least one variable")
      local n = #e.terms
      local vars = ffi.new("tether_variable[?]", math.max(n, 1))
      local coefs = ffi.new("double[?]", math.max(n, 1))
      for i, t in ipairs(e.terms) do vars[i - 1], coefs[i - 1] = t[1].id, t[2] end
      local out = ffi.new("tether_constraint[1]")
      check(C.tether_solver_constraint_new(solver:ptr(), vars, coefs, n, e.constant, relation,
                                           priority or 1000, out))
      return setmetatable({ solver = solver, id = out[0] }, SolverConstraint)
    end
  end
  for _, mt in ipairs({ Variable, Expr }) do
    mt.__add, mt.__sub, mt.__mul, mt.__unm = plus, minus, times, negate
    mt.eq = relate(K.RELATION_EQUAL)
    mt.ge = relate(K.RELATION_GREATER_THAN_OR_EQUAL)
    mt.le = relate(K.RELATION_LESS_THAN_OR_EQUAL)
  end

  --- Adds constraints (each made by :eq/:ge/:le); raises UNSATISFIABLE with nothing changed.
  function Solver:add(...)
    for _, c in ipairs({ ... }) do check(C.tether_solver_constraint_add(self:ptr(), c.id)) end
    return ...
  end
  function Solver:remove(c) check(C.tether_solver_constraint_remove(self:ptr(), c.id)) end
  function SolverConstraint:free()
    check(C.tether_solver_constraint_free(self.solver:ptr(), self.id))
  end
  function SolverConstraint:set_constant(value)
    check(C.tether_solver_constraint_set_constant(self.solver:ptr(), self.id, value))
  end
  --- The constraints an UNSATISFIABLE add conflicted with (their ids).
  function Solver:conflict()
    local s = self:ptr()
    return h.read_ids(function(b, n, needed) return C.tether_solver_conflict(s, b, n, needed) end)
  end
  function Solver:add_edit(variable, priority)
    check(C.tether_solver_edit_add(self:ptr(), variable.id, priority or 999))
  end
  function Solver:remove_edit(variable)
    check(C.tether_solver_edit_remove(self:ptr(), variable.id))
  end
  function Solver:suggest(variable, value)
    check(C.tether_solver_edit_suggest(self:ptr(), variable.id, value))
  end
  --- Solves; variables' :value() then read the solution.
  function Solver:update() check(C.tether_solver_update(self:ptr())) end
  function Solver:reset() check(C.tether_solver_reset(self:ptr())) end

  M.Variable, M.SolverExpression, M.SolverConstraint = Variable, Expr, SolverConstraint
  return M
end
