// Bad input throws tether::error with Tether's status and message; the engine stays usable.
#include <doctest/doctest.h>
#include <tether.hpp>

#include <cmath>
#include <limits>
#include <string>

namespace {

// After an error, a fresh layout in the same engine still works.
void engine_still_works(tether::Engine &engine) {
    tether::OwnedView root = engine.view({0, 0, 200, 100});
    tether::View child = root.new_subview("child");
    engine.activate({child.leading() == root.leading() + 10, child.top() == root.top() + 5,
                     child.width() == 0.5 * root.width(), child.height() == 20.0});
    root.layout_if_needed();
    tether_rect r = child.frame();
    CHECK(r.x == 10);
    CHECK(r.y == 5);
    CHECK(r.width == 100);
    CHECK(r.height == 20);
}

} // namespace

TEST_CASE("a constraint between views of different roots throws") {
    tether::Engine engine;
    tether::OwnedView a = engine.view({0, 0, 100, 100});
    tether::OwnedView b = engine.view({0, 0, 100, 100});
    try {
        engine.activate({a.leading() == b.trailing() + 8});
        FAIL("no error");
    } catch (const tether::error &e) {
        CHECK(e.status() == TETHER_E_INVALID_STATE);
        CHECK(std::string(e.what()).find("no common ancestor") != std::string::npos);
        CHECK(std::string(e.what()) != e.status_name()); // Tether's own message, not just a code
        MESSAGE("different roots: " << std::string(e.status_name()) << ": " << std::string(e.what()));
    }
    engine_still_works(engine);
}

TEST_CASE("a NaN constant throws TETHER_E_INVALID_ARGUMENT") {
    tether::Engine engine;
    tether::OwnedView root = engine.view({0, 0, 100, 100});
    tether::View child = root.new_subview();
    double nan = std::numeric_limits<double>::quiet_NaN();
    try {
        engine.activate({child.width() == nan});
        FAIL("no error");
    } catch (const tether::error &e) {
        CHECK(e.status() == TETHER_E_INVALID_ARGUMENT);
        CHECK(std::string(e.what()) == tether_last_error());
    }
    CHECK_THROWS_AS(root.set_frame({0, 0, nan, 10}), tether::error);
    engine_still_works(engine);
}

TEST_CASE("using a freed view throws TETHER_E_INVALID_ID") {
    tether::Engine engine;
    tether::View child = engine.view_of(0);
    {
        tether::OwnedView root = engine.view({0, 0, 100, 100});
        child = root.new_subview("gone");
        CHECK(child.identifier() == "gone");
    } // the root's owner frees the subtree
    try {
        child.frame();
        FAIL("no error");
    } catch (const tether::error &e) {
        CHECK(e.status() == TETHER_E_INVALID_ID);
        CHECK(std::string(e.what()).find("not live") != std::string::npos);
        MESSAGE("freed view: " << std::string(e.what()));
    }
    CHECK_THROWS_AS(child.new_subview(), tether::error);
    engine_still_works(engine);
}

TEST_CASE("a removed view is a root its new owner frees") {
    tether::Engine engine;
    tether::OwnedView root = engine.view({0, 0, 100, 100});
    tether::View child = root.new_subview("child");
    tether::View grandchild = child.new_subview("grandchild");
    {
        tether::OwnedView detached = child.remove_from_superview();
        CHECK(detached.is_root());
        CHECK(root.subviews().empty());
        CHECK(grandchild.superview() == child);
    }
    CHECK_THROWS_AS(child.frame(), tether::error);
    CHECK_THROWS_AS(grandchild.frame(), tether::error);
    CHECK(root.frame().width == 100);
}

TEST_CASE("a VFL error throws TETHER_E_PARSE with the column") {
    tether::Engine engine;
    tether::OwnedView root = engine.view({0, 0, 300, 100});
    tether::View a = root.new_subview("a");
    try {
        engine.visual_format("H:|-[a]-[missing]-|", {{"a", a.item_id()}});
        FAIL("no error");
    } catch (const tether::error &e) {
        CHECK(e.status() == TETHER_E_PARSE);
        CHECK(std::string(e.what()).find("missing") != std::string::npos);
        MESSAGE("VFL: " << std::string(e.what()));
    }
    engine_still_works(engine);
}

TEST_CASE("an exception from the measure callback fails the pass, not the process") {
    tether::Engine engine;
    tether::OwnedView root = engine.view({0, 0, 100, 100});
    tether::View label = root.new_subview("label");
    label.set_measured(true);
    engine.activate({label.leading() == root.leading(), label.top() == root.top()});
    engine.set_measure([](tether::View, double) -> tether::Measurement {
        throw std::runtime_error("boom");
    });
    try {
        root.layout_if_needed();
        FAIL("no error");
    } catch (const tether::error &e) {
        CHECK(e.status() == TETHER_E_CALLBACK_FAILED);
    }
    engine.set_measure([](tether::View, double) {
        tether::Measurement m;
        m.width = 30;
        m.height = 12;
        return m;
    });
    label.invalidate_intrinsic_content_size();
    root.layout_if_needed();
    CHECK(label.frame().width == 30);
    CHECK(label.frame().height == 12);
}
