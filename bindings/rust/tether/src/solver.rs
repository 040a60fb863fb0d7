//! The Cassowary solver alone (Include/tether/solver.h): variables, linear constraints with
//! priorities, edit variables and suggestions.
use std::ffi::c_void;
use std::ops::{Add, Mul, Neg, Sub};

use crate::error::{check, Result};
use crate::{cstring, read_list, read_string, sys};

/// A solver (`tether_solver`), freed on drop.
pub struct Solver {
    raw: *mut c_void,
}

/// A variable of a solver; copyable, cannot outlive it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Variable<'s> {
    solver: &'s Solver,
    id: u64,
}

impl PartialEq for Solver {
    fn eq(&self, other: &Self) -> bool { self.raw == other.raw }
}
impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Solver({:p})", self.raw)
    }
}

/// `coefficient * variable`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Term<'s> {
    pub variable: Variable<'s>,
    pub coefficient: f64,
}

/// A linear expression `Σ coefficient·variable + constant`, built with `+ - *` on variables,
/// terms and numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct Expression<'s> {
    pub terms: Vec<Term<'s>>,
    pub constant: f64,
}

/// `lhs RELATION rhs` as `lhs - rhs RELATION 0`: made by [`Expression::eq`], `.ge`, `.le` (and
/// the same on [`Variable`]); add it with [`Solver::add`].
#[derive(Clone, Debug, PartialEq)]
pub struct SolverRelation<'s> {
    expression: Expression<'s>,
    relation: i32,
}

/// A constraint of a solver.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolverConstraint<'s> {
    solver: &'s Solver,
    id: u64,
}

impl<'s> From<Variable<'s>> for Expression<'s> {
    fn from(variable: Variable<'s>) -> Self {
        Expression { terms: vec![Term { variable, coefficient: 1.0 }], constant: 0.0 }
    }
}
impl<'s> From<Term<'s>> for Expression<'s> {
    fn from(term: Term<'s>) -> Self { Expression { terms: vec![term], constant: 0.0 } }
}
impl<'s> From<f64> for Expression<'s> {
    fn from(constant: f64) -> Self { Expression { terms: Vec::new(), constant } }
}

impl<'s> Neg for Expression<'s> {
    type Output = Expression<'s>;
    fn neg(self) -> Expression<'s> { self * -1.0 }
}
impl<'s> Mul<f64> for Expression<'s> {
    type Output = Expression<'s>;
    fn mul(mut self, k: f64) -> Expression<'s> {
        for term in &mut self.terms {
            term.coefficient *= k;
        }
        self.constant *= k;
        self
    }
}
impl<'s> Mul<f64> for Variable<'s> {
    type Output = Term<'s>;
    fn mul(self, coefficient: f64) -> Term<'s> { Term { variable: self, coefficient } }
}
impl<'s> Mul<Variable<'s>> for f64 {
    type Output = Term<'s>;
    fn mul(self, variable: Variable<'s>) -> Term<'s> { Term { variable, coefficient: self } }
}

macro_rules! arithmetic {
    ($lhs:ty) => {
        impl<'s, R: Into<Expression<'s>>> Add<R> for $lhs {
            type Output = Expression<'s>;
            fn add(self, rhs: R) -> Expression<'s> {
                let mut out: Expression<'s> = self.into();
                let rhs = rhs.into();
                out.terms.extend(rhs.terms);
                out.constant += rhs.constant;
                out
            }
        }
        impl<'s, R: Into<Expression<'s>>> Sub<R> for $lhs {
            type Output = Expression<'s>;
            fn sub(self, rhs: R) -> Expression<'s> {
                let out: Expression<'s> = self.into();
                out + (-rhs.into())
            }
        }
        impl<'s> $lhs {
            /// `self == rhs`.
            pub fn eq<R: Into<Expression<'s>>>(self, rhs: R) -> SolverRelation<'s> {
                SolverRelation { expression: self - rhs, relation: sys::TETHER_RELATION_EQUAL }
            }
            /// `self >= rhs`.
            pub fn ge<R: Into<Expression<'s>>>(self, rhs: R) -> SolverRelation<'s> {
                SolverRelation {
                    expression: self - rhs,
                    relation: sys::TETHER_RELATION_GREATER_THAN_OR_EQUAL,
                }
            }
            /// `self <= rhs`.
            pub fn le<R: Into<Expression<'s>>>(self, rhs: R) -> SolverRelation<'s> {
                SolverRelation {
                    expression: self - rhs,
                    relation: sys::TETHER_RELATION_LESS_THAN_OR_EQUAL,
                }
            }
        }
    };
}
arithmetic!(Expression<'s>);
arithmetic!(Variable<'s>);
arithmetic!(Term<'s>);

impl Solver {
    pub fn new() -> Result<Solver> {
        let mut raw = std::ptr::null_mut();
        check(unsafe { sys::tether_solver_new(&mut raw) })?;
        Ok(Solver { raw })
    }
    /// Removes every variable and constraint.
    pub fn reset(&mut self) -> Result<()> {
        check(unsafe { sys::tether_solver_reset(self.raw) })
    }
    /// A new variable (the name is for dumps and messages).
    pub fn variable(&self, name: &str) -> Result<Variable<'_>> {
        let name = cstring(name)?;
        let mut id = 0;
        check(unsafe { sys::tether_solver_variable_new(self.raw, name.as_ptr(), &mut id) })?;
        Ok(Variable { solver: self, id })
    }
    /// Makes and adds a constraint with a priority in (0, 1000] (1000 = required;
    /// TETHER_E_UNSATISFIABLE for a required one that conflicts: it is then not kept).
    pub fn add(&self, relation: SolverRelation<'_>, priority: f64) -> Result<SolverConstraint<'_>> {
        let constraint = self.constraint(relation, priority)?;
        if let Err(error) = check(unsafe { sys::tether_solver_constraint_add(self.raw, constraint.id) }) {
            unsafe { sys::tether_solver_constraint_free(self.raw, constraint.id) };
            return Err(error);
        }
        Ok(constraint)
    }
    /// Makes a constraint without adding it ([`SolverConstraint::add`]).
    pub fn constraint(&self, relation: SolverRelation<'_>, priority: f64) -> Result<SolverConstraint<'_>> {
        let variables: Vec<u64> = relation.expression.terms.iter().map(|t| t.variable.id).collect();
        let coefficients: Vec<f64> = relation.expression.terms.iter().map(|t| t.coefficient).collect();
        let mut id = 0;
        check(unsafe {
            sys::tether_solver_constraint_new(
                self.raw,
                variables.as_ptr() as *mut u64,
                coefficients.as_ptr() as *mut f64,
                variables.len(),
                relation.expression.constant,
                relation.relation,
                priority,
                &mut id,
            )
        })?;
        Ok(SolverConstraint { solver: self, id })
    }
    /// Makes the variable editable with a priority below required.
    pub fn add_edit(&self, variable: Variable<'_>, priority: f64) -> Result<()> {
        check(unsafe { sys::tether_solver_edit_add(self.raw, variable.id, priority) })
    }
    pub fn remove_edit(&self, variable: Variable<'_>) -> Result<()> {
        check(unsafe { sys::tether_solver_edit_remove(self.raw, variable.id) })
    }
    /// Suggests a value for an edit variable.
    pub fn suggest(&self, variable: Variable<'_>, value: f64) -> Result<()> {
        check(unsafe { sys::tether_solver_edit_suggest(self.raw, variable.id, value) })
    }
    /// Brings the variables' values up to date.
    pub fn update(&self) -> Result<()> {
        check(unsafe { sys::tether_solver_update(self.raw) })
    }
    /// The solver's tableau as text.
    pub fn dump(&self) -> Result<String> {
        read_string(|buffer, capacity, needed| unsafe {
            sys::tether_solver_dump(self.raw, buffer, capacity, needed)
        })
    }
    /// The required constraints that conflicted with the last rejected one.
    pub fn conflict(&self) -> Result<Vec<SolverConstraint<'_>>> {
        let ids = read_list(|out, capacity, needed| unsafe {
            sys::tether_solver_conflict(self.raw, out, capacity, needed)
        })?;
        Ok(ids.into_iter().map(|id| SolverConstraint { solver: self, id }).collect())
    }
}

impl Drop for Solver {
    fn drop(&mut self) {
        unsafe {
            sys::tether_solver_free(self.raw);
        }
    }
}

impl<'s> Variable<'s> {
    pub fn id(&self) -> u64 { self.id }
    /// The value after the last [`Solver::update`].
    pub fn value(&self) -> Result<f64> {
        let mut out = 0.0;
        check(unsafe { sys::tether_solver_variable_value(self.solver.raw, self.id, &mut out) })?;
        Ok(out)
    }
    pub fn name(&self) -> Result<String> {
        read_string(|buffer, capacity, needed| unsafe {
            sys::tether_solver_variable_name(self.solver.raw, self.id, buffer, capacity, needed)
        })
    }
}

impl<'s> SolverConstraint<'s> {
    pub fn id(&self) -> u64 { self.id }
    pub fn add(&self) -> Result<()> {
        check(unsafe { sys::tether_solver_constraint_add(self.solver.raw, self.id) })
    }
    pub fn remove(&self) -> Result<()> {
        check(unsafe { sys::tether_solver_constraint_remove(self.solver.raw, self.id) })
    }
    pub fn set_constant(&self, constant: f64) -> Result<()> {
        check(unsafe { sys::tether_solver_constraint_set_constant(self.solver.raw, self.id, constant) })
    }
    pub fn set_priority(&self, priority: f64) -> Result<()> {
        check(unsafe { sys::tether_solver_constraint_set_priority(self.solver.raw, self.id, priority) })
    }
    pub fn info(&self) -> Result<sys::tether_constraint_info> {
        let mut out = sys::tether_constraint_info::default();
        check(unsafe { sys::tether_solver_constraint_info(self.solver.raw, self.id, &mut out) })?;
        Ok(out)
    }
    pub fn free(self) -> Result<()> {
        check(unsafe { sys::tether_solver_constraint_free(self.solver.raw, self.id) })
    }
}
