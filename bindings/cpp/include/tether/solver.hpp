// Tether C++ binding: the Cassowary solver (tether/solver.h) in kiwi's style.
//
//   tether::Solver solver;
//   tether::Variable x = solver.variable("x"), y = solver.variable("y");
//   solver.add(x + y == 100);
//   solver.add((x >= 2 * y) | tether::strength::weak);
//   solver.add_edit(x, tether::strength::strong);
//   solver.suggest(x, 60);
//   solver.update();
//   double v = y.value();
//
// Ownership (kiwi's): a Variable or a Constraint frees its C object when its last copy goes; the
// solver keeps its added constraints (and they their variables) and its edit variables alive
// until they are removed. Solver owns the tether_solver: when it goes, every variable and
// constraint of it is freed with it, and a Variable or Constraint used afterwards throws
// tether::error (TETHER_E_INVALID_HANDLE).
#ifndef TETHER_CPP_SOLVER_HPP
#define TETHER_CPP_SOLVER_HPP

#include "core.hpp"

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tether {

/// Solver strengths are priorities in (0, 1000], as the C API takes them.
namespace strength {
constexpr double required = 1000.0;
constexpr double strong = 750.0;
constexpr double medium = 500.0;
constexpr double weak = 250.0;
} // namespace strength

namespace detail {
struct VariableBox;
struct ConstraintBox;
struct SolverBox {
    tether_solver *solver = nullptr;
    // What the solver keeps alive, as kiwi's solver does: added constraints and edit variables.
    std::map<tether_constraint, std::shared_ptr<ConstraintBox>> added;
    std::map<tether_variable, std::shared_ptr<VariableBox>> edits;
    SolverBox() { check(tether_solver_new(&solver)); }
    // Frees every variable and constraint with the solver; the boxes still held elsewhere see
    // their weak reference expire and free nothing.
    ~SolverBox() { tether_solver_free(solver); }
    SolverBox(const SolverBox &) = delete;
    SolverBox &operator=(const SolverBox &) = delete;
};
struct VariableBox {
    std::weak_ptr<SolverBox> owner;
    tether_variable id;
    VariableBox(std::weak_ptr<SolverBox> owner, tether_variable id) : owner(std::move(owner)), id(id) {}
    ~VariableBox() {
        if (std::shared_ptr<SolverBox> s = owner.lock()) tether_solver_variable_free(s->solver, id);
    }
    VariableBox(const VariableBox &) = delete;
    VariableBox &operator=(const VariableBox &) = delete;
};
struct ConstraintBox {
    std::weak_ptr<SolverBox> owner;
    tether_constraint id;
    std::vector<std::shared_ptr<VariableBox>> variables; // freed after the constraint
    ConstraintBox(std::weak_ptr<SolverBox> owner, tether_constraint id,
                  std::vector<std::shared_ptr<VariableBox>> variables)
        : owner(std::move(owner)), id(id), variables(std::move(variables)) {}
    ~ConstraintBox() {
        if (std::shared_ptr<SolverBox> s = owner.lock()) tether_solver_constraint_free(s->solver, id);
    }
    ConstraintBox(const ConstraintBox &) = delete;
    ConstraintBox &operator=(const ConstraintBox &) = delete;
};
} // namespace detail

/// A solver variable (reference counted; copies name the same variable).
class Variable {
public:
    /// The value from the last update().
    double value() const {
        double out = 0;
        detail::check(tether_solver_variable_value(S()->solver, box_->id, &out));
        return out;
    }
    /// The range the variable's value may take in the current solution.
    std::pair<double, double> range() const {
        double lower = 0, upper = 0;
        detail::check(tether_solver_variable_range(S()->solver, box_->id, &lower, &upper));
        return {lower, upper};
    }
    std::string name() const {
        std::shared_ptr<detail::SolverBox> keep = S();
        tether_solver *s = keep->solver;
        tether_variable id = box_->id;
        return detail::read_string([&](char *b, std::size_t c, std::size_t *n) {
            return tether_solver_variable_name(s, id, b, c, n);
        });
    }
    tether_variable id() const { return box_->id; }
    bool same_as(const Variable &other) const { return box_ == other.box_; }

private:
    friend class Solver;
    friend struct Expression;
    explicit Variable(std::shared_ptr<detail::VariableBox> box) : box_(std::move(box)) {}
    // The solver, held for the duration of the full expression that asks for it.
    std::shared_ptr<detail::SolverBox> S() const {
        std::shared_ptr<detail::SolverBox> s = box_->owner.lock();
        if (!s) throw error(TETHER_E_INVALID_HANDLE, "the solver was freed");
        return s;
    }
    std::shared_ptr<detail::VariableBox> box_;
};

/// coefficient × variable.
struct Term {
    Term(const Variable &variable, double coefficient = 1.0)
        : variable(variable), coefficient(coefficient) {}
    Variable variable;
    double coefficient;
};

/// A linear expression: Σ terms + constant.
struct Expression {
    Expression(double constant = 0.0) : constant(constant) {}
    Expression(const Variable &variable) : terms{Term(variable)} {}
    Expression(const Term &term) : terms{term} {}
    std::vector<Term> terms;
    double constant = 0.0;
};

/// `lhs relation rhs` with a strength, not yet in any solver: Solver::add() makes it.
struct ConstraintSpec {
    Expression expression; // lhs - rhs, related to 0
    tether_relation relation;
    double strength = strength::required;
};

inline Term operator*(const Variable &v, double c) { return Term(v, c); }
inline Term operator*(double c, const Variable &v) { return Term(v, c); }
inline Term operator*(const Term &t, double c) { return Term(t.variable, t.coefficient * c); }
inline Term operator*(double c, const Term &t) { return t * c; }
inline Term operator/(const Variable &v, double c) { return Term(v, 1.0 / c); }
inline Term operator-(const Variable &v) { return Term(v, -1.0); }
inline Term operator-(const Term &t) { return Term(t.variable, -t.coefficient); }
inline Expression operator*(const Expression &e, double c) {
    Expression out(e.constant * c);
    for (const Term &t : e.terms) out.terms.push_back(t * c);
    return out;
}
inline Expression operator*(double c, const Expression &e) { return e * c; }
inline Expression operator-(const Expression &e) { return e * -1.0; }
inline Expression operator+(const Expression &a, const Expression &b) {
    Expression out = a;
    out.terms.insert(out.terms.end(), b.terms.begin(), b.terms.end());
    out.constant += b.constant;
    return out;
}
inline Expression operator-(const Expression &a, const Expression &b) { return a + (-b); }
// Named overloads so `x + 5`, `x + y`, `2 * x - y` pick Expression without ambiguity.
inline Expression operator+(const Variable &a, double b) { return Expression(a) + Expression(b); }
inline Expression operator+(double a, const Variable &b) { return Expression(a) + Expression(b); }
inline Expression operator-(const Variable &a, double b) { return Expression(a) - Expression(b); }
inline Expression operator+(const Term &a, double b) { return Expression(a) + Expression(b); }
inline Expression operator-(const Term &a, double b) { return Expression(a) - Expression(b); }
inline Expression operator+(const Variable &a, const Variable &b) {
    return Expression(a) + Expression(b);
}
inline Expression operator-(const Variable &a, const Variable &b) {
    return Expression(a) - Expression(b);
}

inline ConstraintSpec relate(const Expression &a, tether_relation r, const Expression &b) {
    return ConstraintSpec{a - b, r, strength::required};
}
inline ConstraintSpec operator==(const Expression &a, const Expression &b) {
    return relate(a, TETHER_RELATION_EQUAL, b);
}
inline ConstraintSpec operator<=(const Expression &a, const Expression &b) {
    return relate(a, TETHER_RELATION_LESS_THAN_OR_EQUAL, b);
}
inline ConstraintSpec operator>=(const Expression &a, const Expression &b) {
    return relate(a, TETHER_RELATION_GREATER_THAN_OR_EQUAL, b);
}
inline ConstraintSpec operator==(const Variable &a, double b) { return Expression(a) == b; }
inline ConstraintSpec operator<=(const Variable &a, double b) { return Expression(a) <= b; }
inline ConstraintSpec operator>=(const Variable &a, double b) { return Expression(a) >= b; }
inline ConstraintSpec operator==(const Variable &a, const Variable &b) {
    return Expression(a) == Expression(b);
}
inline ConstraintSpec operator<=(const Variable &a, const Variable &b) {
    return Expression(a) <= Expression(b);
}
inline ConstraintSpec operator>=(const Variable &a, const Variable &b) {
    return Expression(a) >= Expression(b);
}
/// `spec | strength::weak` or `spec | 300.0`.
inline ConstraintSpec operator|(ConstraintSpec spec, double strength) {
    spec.strength = strength;
    return spec;
}
inline ConstraintSpec operator|(ConstraintSpec spec, priority p) { return spec | p.value; }

/// A constraint made in a solver (reference counted; freed, and so removed, with its last copy).
class Constraint {
public:
    tether_constraint_info info() const {
        tether_constraint_info out{};
        detail::check(tether_solver_constraint_info(S()->solver, box_->id, &out));
        return out;
    }
    bool is_added() const {
        int32_t out = 0;
        detail::check(tether_solver_constraint_is_added(S()->solver, box_->id, &out));
        return out != 0;
    }
    void set_constant(double constant) {
        detail::check(tether_solver_constraint_set_constant(S()->solver, box_->id, constant));
    }
    void set_strength(double strength) {
        detail::check(tether_solver_constraint_set_priority(S()->solver, box_->id, strength));
    }
    /// The constraint's terms as the solver keeps them (duplicates summed).
    std::vector<std::pair<tether_variable, double>> terms() const {
        std::shared_ptr<detail::SolverBox> keep = S();
        tether_solver *s = keep->solver;
        std::size_t needed = 0;
        tether_status st = tether_solver_constraint_terms(s, box_->id, nullptr, nullptr, 0, &needed);
        if (st != TETHER_OK && st != TETHER_E_BUFFER_TOO_SMALL) detail::check(st);
        std::vector<tether_variable> vars(needed);
        std::vector<double> coefficients(needed);
        if (needed > 0)
            detail::check(tether_solver_constraint_terms(s, box_->id, vars.data(),
                                                         coefficients.data(), needed, &needed));
        std::vector<std::pair<tether_variable, double>> out;
        for (std::size_t i = 0; i < vars.size() && i < needed; ++i)
            out.emplace_back(vars[i], coefficients[i]);
        return out;
    }
    tether_constraint id() const { return box_->id; }

private:
    friend class Solver;
    explicit Constraint(std::shared_ptr<detail::ConstraintBox> box) : box_(std::move(box)) {}
    // The solver, held for the duration of the full expression that asks for it.
    std::shared_ptr<detail::SolverBox> S() const {
        std::shared_ptr<detail::SolverBox> s = box_->owner.lock();
        if (!s) throw error(TETHER_E_INVALID_HANDLE, "the solver was freed");
        return s;
    }
    std::shared_ptr<detail::ConstraintBox> box_;
};

/// Owns a tether_solver (shared with its variables and constraints).
class Solver {
public:
    Solver() : box_(std::make_shared<detail::SolverBox>()) {}

    Variable variable(const std::string &name = std::string()) {
        tether_variable id = 0;
        detail::check(tether_solver_variable_new(box_->solver, name.c_str(), &id));
        return Variable(std::make_shared<detail::VariableBox>(box_, id));
    }
    /// Makes the constraint without adding it.
    Constraint make(const ConstraintSpec &spec) {
        std::vector<tether_variable> vars;
        std::vector<double> coefficients;
        std::vector<std::shared_ptr<detail::VariableBox>> boxes;
        for (const Term &t : spec.expression.terms) {
            boxes.push_back(t.variable.box_);
            if (t.variable.box_->owner.lock() != box_)
                throw error(TETHER_E_INVALID_ARGUMENT, "a variable of another solver");
            vars.push_back(t.variable.id());
            coefficients.push_back(t.coefficient);
        }
        tether_constraint id = 0;
        detail::check(tether_solver_constraint_new(box_->solver, vars.data(), coefficients.data(),
                                                   vars.size(), spec.expression.constant,
                                                   spec.relation, spec.strength, &id));
        return Constraint(std::make_shared<detail::ConstraintBox>(box_, id, std::move(boxes)));
    }
    /// Makes the constraint and adds it (throws, TETHER_E_UNSATISFIABLE, when required and
    /// unsatisfiable; the constraint is then freed).
    Constraint add(const ConstraintSpec &spec) {
        Constraint c = make(spec);
        add(c);
        return c;
    }
    /// Adds a constraint made by make() (the solver keeps it until remove()).
    void add(const Constraint &c) {
        detail::check(tether_solver_constraint_add(box_->solver, c.id()));
        box_->added[c.id()] = c.box_;
    }
    void remove(const Constraint &c) {
        detail::check(tether_solver_constraint_remove(box_->solver, c.id()));
        box_->added.erase(c.id());
    }
    /// The constraints of the last TETHER_E_UNSATISFIABLE conflict (ids).
    std::vector<tether_constraint> conflict() const {
        tether_solver *s = box_->solver;
        return detail::read_list<tether_constraint>(
            [&](tether_constraint *o, std::size_t c, std::size_t *n) {
                return tether_solver_conflict(s, o, c, n);
            });
    }
    void add_edit(const Variable &v, double strength = strength::strong) {
        detail::check(tether_solver_edit_add(box_->solver, v.id(), strength));
        box_->edits[v.id()] = v.box_;
    }
    void remove_edit(const Variable &v) {
        detail::check(tether_solver_edit_remove(box_->solver, v.id()));
        box_->edits.erase(v.id());
    }
    bool has_edit(const Variable &v) const {
        int32_t out = 0;
        detail::check(tether_solver_edit_has(box_->solver, v.id(), &out));
        return out != 0;
    }
    void suggest(const Variable &v, double value) {
        detail::check(tether_solver_edit_suggest(box_->solver, v.id(), value));
    }
    /// Updates the variables' values.
    void update() { detail::check(tether_solver_update(box_->solver)); }
    /// Removes every constraint and edit (tether_solver_reset); variables stay.
    void reset() {
        detail::check(tether_solver_reset(box_->solver));
        box_->added.clear();
        box_->edits.clear();
    }
    /// Checks the tableau's invariants (throws TETHER_E_INTERNAL if broken).
    void check() const { detail::check(tether_solver_check(box_->solver)); }
    tether_solver_stats stats() const {
        tether_solver_stats out{};
        detail::check(tether_solver_stats_get(box_->solver, &out));
        return out;
    }
    tether_solver_storage storage() const {
        tether_solver_storage out{};
        detail::check(tether_solver_storage_get(box_->solver, &out));
        return out;
    }
    std::string dump() const {
        tether_solver *s = box_->solver;
        return detail::read_string([&](char *b, std::size_t c, std::size_t *n) {
            return tether_solver_dump(s, b, c, n);
        });
    }
    /// The C handle, for calls this binding does not wrap.
    tether_solver *handle() const { return box_->solver; }

private:
    std::shared_ptr<detail::SolverBox> box_;
};

} // namespace tether

#endif // TETHER_CPP_SOLVER_HPP
