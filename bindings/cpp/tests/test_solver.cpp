// The solver API: variables, expressions, strengths, edit variables, suggest, values, RAII.
#include <doctest/doctest.h>
#include <tether.hpp>

using tether::strength::strong;
using tether::strength::weak;

TEST_CASE("solver round trip") {
    tether::Solver solver;
    tether::Variable left = solver.variable("left"), width = solver.variable("width");
    tether::Variable right = solver.variable("right");
    CHECK(left.name() == "left");
    solver.add(right == left + width);
    solver.add(left >= 0);
    solver.add(width >= 2 * left + 10);
    solver.add((width == 50) | weak);
    tether::Constraint pin = solver.add((left == 5) | strong);
    solver.update();
    CHECK(left.value() == doctest::Approx(5));
    CHECK(width.value() == doctest::Approx(50));
    CHECK(right.value() == doctest::Approx(55));
    CHECK(pin.is_added());
    CHECK(pin.info().priority == strong);

    solver.remove(pin);
    solver.add_edit(left, strong);
    CHECK(solver.has_edit(left));
    solver.suggest(left, 30);
    solver.update();
    CHECK(left.value() == doctest::Approx(30));
    CHECK(width.value() == doctest::Approx(70)); // >= 2 * 30 + 10 wins over the weak 50
    CHECK(right.value() == doctest::Approx(100));
    solver.remove_edit(left);
    CHECK_FALSE(solver.has_edit(left));
    solver.check();
    CHECK(!solver.dump().empty());
}

TEST_CASE("an unsatisfiable required constraint throws and reports the conflict") {
    tether::Solver solver;
    tether::Variable x = solver.variable("x");
    solver.add(x >= 10);
    try {
        solver.add(x <= 5);
        FAIL("no error");
    } catch (const tether::error &e) {
        CHECK(e.status() == TETHER_E_UNSATISFIABLE);
        CHECK_FALSE(solver.conflict().empty());
    }
    solver.add((x == 3) | weak);
    solver.update();
    CHECK(x.value() == doctest::Approx(10));
    tether::Solver other;
    tether::Variable y = other.variable("y");
    CHECK_THROWS_AS(solver.add(x == y), tether::error);
}

TEST_CASE("variables and constraints free themselves with their last copy") {
    tether::Solver solver;
    {
        tether::Variable a = solver.variable("a"), b = solver.variable("b");
        tether::Constraint c = solver.add(a + b == 10);
        tether::Constraint copy = c;
        CHECK(solver.stats().variables == 2);
        CHECK(solver.stats().constraints == 1);
        CHECK(solver.stats().added == 1);
        CHECK(c.terms().size() == 2);
        solver.remove(c); // the solver lets go of it; the last copy here frees it
    }
    CHECK(solver.stats().variables == 0);
    CHECK(solver.stats().constraints == 0);
    CHECK(solver.stats().added == 0);
}

TEST_CASE("the solver keeps what is added; its variables outlive it only as dead handles") {
    tether::Variable survivor = [] {
        tether::Solver solver;
        tether::Variable v = solver.variable("v");
        solver.add(v == 7); // the returned Constraint is dropped: the solver keeps it
        solver.update();
        CHECK(v.value() == doctest::Approx(7));
        CHECK(solver.stats().added == 1);
        return v;
    }();
    try {
        survivor.value();
        FAIL("no error");
    } catch (const tether::error &e) {
        CHECK(e.status() == TETHER_E_INVALID_HANDLE);
    }
}

TEST_CASE("removing drops the solver's reference; reset drops all of them") {
    tether::Solver solver;
    tether::Variable x = solver.variable("x");
    tether::Constraint c = solver.add(x >= 1);
    solver.add(x <= 9);
    solver.add_edit(x, strong);
    CHECK(solver.stats().added == 2);
    solver.remove(c);
    CHECK_FALSE(c.is_added());
    CHECK(solver.stats().constraints == 2); // c still held here
    solver.reset();
    CHECK(solver.stats().constraints == 1); // only c is left
    CHECK(solver.stats().edits == 0);
}
