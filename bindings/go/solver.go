package tether

// #include <stdlib.h>
// #include "tether.h"
import "C"

import (
	"runtime"
	"sync"
	"unsafe"
)

// Solver is a tether_solver (the raw Cassowary solver): Close it when done.
type Solver struct {
	mu  sync.Mutex
	ptr *C.tether_solver
}

// Variable is a tether_variable; SolverConstraint a tether_constraint.
type Variable uint64
type SolverConstraint uint64

// Term is coefficient * variable.
type Term struct {
	Variable    Variable
	Coefficient float64
}

// NewSolver is tether_solver_new().
func NewSolver() (*Solver, error) {
	var ptr *C.tether_solver
	if err := call(func() C.tether_status { return C.tether_solver_new(&ptr) }); err != nil {
		return nil, err
	}
	s := &Solver{ptr: ptr}
	runtime.SetFinalizer(s, (*Solver).Close)
	return s, nil
}

func (s *Solver) handle() *C.tether_solver {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ptr
}

// Close is tether_solver_free(); closing twice is a no-op.
func (s *Solver) Close() error {
	s.mu.Lock()
	ptr := s.ptr
	s.ptr = nil
	s.mu.Unlock()
	if ptr == nil {
		return nil
	}
	runtime.SetFinalizer(s, nil)
	return call(func() C.tether_status { return C.tether_solver_free(ptr) })
}

// NewVariable is tether_solver_variable_new().
func (s *Solver) NewVariable(name string) (Variable, error) {
	ptr := s.handle()
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	var v C.tether_variable
	err := call(func() C.tether_status { return C.tether_solver_variable_new(ptr, cs, &v) })
	return Variable(v), err
}

// AddConstraint makes (tether_solver_constraint_new()) and adds (tether_solver_constraint_add())
// sum(terms) + constant RELATION 0 at priority; on failure of the add the constraint is freed.
func (s *Solver) AddConstraint(terms []Term, constant float64, relation int32, priority float64) (SolverConstraint, error) {
	ptr := s.handle()
	vars := make([]C.tether_variable, len(terms)+1)
	coefs := make([]C.double, len(terms)+1)
	for i, t := range terms {
		vars[i], coefs[i] = C.tether_variable(t.Variable), C.double(t.Coefficient)
	}
	var c C.tether_constraint
	err := call(func() C.tether_status {
		return C.tether_solver_constraint_new(ptr, &vars[0], &coefs[0], C.size_t(len(terms)), C.double(constant),
			C.tether_relation(relation), C.double(priority), &c)
	})
	if err != nil {
		return 0, err
	}
	if err := call(func() C.tether_status { return C.tether_solver_constraint_add(ptr, c) }); err != nil {
		_ = call(func() C.tether_status { return C.tether_solver_constraint_free(ptr, c) })
		return 0, err
	}
	return SolverConstraint(c), nil
}

// RemoveConstraint removes (tether_solver_constraint_remove()) and frees a constraint.
func (s *Solver) RemoveConstraint(c SolverConstraint) error {
	ptr := s.handle()
	if err := call(func() C.tether_status { return C.tether_solver_constraint_remove(ptr, C.tether_constraint(c)) }); err != nil {
		return err
	}
	return call(func() C.tether_status { return C.tether_solver_constraint_free(ptr, C.tether_constraint(c)) })
}

// AddEdit is tether_solver_edit_add(); Suggest is tether_solver_edit_suggest().
func (s *Solver) AddEdit(v Variable, priority float64) error {
	ptr := s.handle()
	return call(func() C.tether_status { return C.tether_solver_edit_add(ptr, C.tether_variable(v), C.double(priority)) })
}

func (s *Solver) Suggest(v Variable, value float64) error {
	ptr := s.handle()
	return call(func() C.tether_status {
		return C.tether_solver_edit_suggest(ptr, C.tether_variable(v), C.double(value))
	})
}

// Update is tether_solver_update(); Value is tether_solver_variable_value().
func (s *Solver) Update() error {
	ptr := s.handle()
	return call(func() C.tether_status { return C.tether_solver_update(ptr) })
}

func (s *Solver) Value(v Variable) (float64, error) {
	ptr := s.handle()
	var out C.double
	err := call(func() C.tether_status { return C.tether_solver_variable_value(ptr, C.tether_variable(v), &out) })
	return float64(out), err
}
