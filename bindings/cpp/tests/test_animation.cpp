// Animation blocks: presentation frames along the curves, the clock, completions (exactly once,
// finished or not), the RAII block, bad input.
#include <doctest/doctest.h>
#include <tether.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// One coordinate of a cubic Bézier from (0, 0) to (1, 1) with control values a and b.
double bezier(double a, double b, double s) {
    double r = 1 - s;
    return 3 * r * r * s * a + 3 * r * s * s * b + s * s * s;
}

// Core Animation's timing function (x1, y1, x2, y2) at time fraction t: the curve's parameter
// where x = t, found by bisection (x grows with s on [0, 1]), then y there.
double timing(double x1, double y1, double x2, double y2, double t) {
    double lo = 0, hi = 1;
    for (int i = 0; i < 200; ++i) {
        double mid = (lo + hi) / 2;
        if (bezier(x1, x2, mid) < t)
            lo = mid;
        else
            hi = mid;
    }
    return bezier(y1, y2, (lo + hi) / 2);
}

// A root with one box pinned 0 from its leading edge; `leading` moves it.
struct Moving {
    tether::Engine engine;
    tether::OwnedView root = engine.view({0, 0, 400, 300});
    tether::View box = root.new_subview("box");
    tether::LayoutConstraint leading = engine.activate(box.leading() == root.leading());

    Moving() {
        engine.activate({box.top() == root.top() + 10, box.width() == 100.0,
                         box.height() == 50.0});
        root.layout_if_needed(); // the first frame, not animated
    }
    // Moves the box to x = `to` inside an animation block with `options`.
    void move_to(double to, const tether::animation_options &options) {
        tether::animate(options, [&] {
            leading.set_constant(to);
            root.layout_if_needed();
        });
    }
};

struct Calls {
    int count = 0;
    bool finished = false;
};

// A completion that counts into `calls` (shared, so the test reads it after the block is gone).
tether::animation_options counting(std::shared_ptr<Calls> calls, double duration) {
    return tether::animation_options().duration(duration).completion([calls](bool finished) {
        ++calls->count;
        calls->finished = finished;
    });
}

} // namespace

TEST_CASE("the timing function solved in the test is Core Animation's") {
    CHECK(timing(0.42, 0, 0.58, 1, 0.5) == doctest::Approx(0.5));
    CHECK(timing(0, 0, 1, 1, 0.3) == doctest::Approx(0.3));
    CHECK(timing(0.42, 0, 0.58, 1, 0.25) == doctest::Approx(0.129162).epsilon(1e-5));
}

TEST_CASE("ease-in-out: the presentation frame follows the cubic Bézier (0.42, 0, 0.58, 1)") {
    Moving m;
    m.move_to(200, tether::animation_options().duration(2.0));
    // The model frame is the new one at once; the box is shown where it was.
    CHECK(m.box.frame().x == 200);
    CHECK(m.box.presentation_frame().x == 0);
    CHECK(m.box.is_animating());
    CHECK(m.engine.has_running_animations());
    CHECK(m.box.animation_end_time() == doctest::Approx(2.0));

    m.engine.advance(0.5); // a quarter of the way in time
    CHECK(m.engine.clock() == 0.5);
    double expected = 200 * timing(0.42, 0, 0.58, 1, 0.25);
    tether_rect shown = m.box.presentation_frame();
    CHECK(shown.x == doctest::Approx(expected).epsilon(1e-9));
    CHECK(shown.x < 50); // slower than linear at the start
    CHECK(shown.y == 10);
    CHECK(shown.width == 100);
    // Ahead of the clock, and in the root's bounds.
    CHECK(m.box.presentation_frame_at(1.5).x ==
          doctest::Approx(200 * timing(0.42, 0, 0.58, 1, 0.75)).epsilon(1e-9));
    tether_rect in_root = m.box.presentation_frame_in(m.root);
    CHECK(in_root.x == doctest::Approx(expected).epsilon(1e-9));
    CHECK(in_root.y == 10);
    auto frames = m.root.subtree_presentation_frames();
    REQUIRE(frames.size() == 2);
    CHECK(frames[1].first == m.box.id());
    CHECK(frames[1].second.x == doctest::Approx(expected).epsilon(1e-9));

    m.engine.set_clock(2.0);
    CHECK(m.box.presentation_frame().x == 200);
    CHECK_FALSE(m.box.is_animating());
    CHECK_FALSE(m.engine.has_running_animations());
}

TEST_CASE("linear: the midpoint exactly, and a constant velocity") {
    Moving m;
    m.move_to(200, tether::animation_options().duration(1.0).curve(tether::animation_curve::linear));
    m.engine.advance(0.5);
    CHECK(m.box.presentation_frame().x == 100);
    CHECK(m.box.presentation_frame_at(0.25).x == 50);
    tether_rect velocity = m.box.presentation_velocity();
    CHECK(velocity.x == doctest::Approx(200));
    CHECK(velocity.y == 0);
    CHECK(velocity.width == 0);
}

TEST_CASE("the completion runs exactly once, finished, after the clock passes the end") {
    Moving m;
    auto calls = std::make_shared<Calls>();
    m.move_to(120, counting(calls, 1.0));
    m.engine.advance(0.5);
    CHECK(calls->count == 0);
    m.engine.advance(0.6);
    CHECK(calls->count == 1);
    CHECK(calls->finished);
    m.engine.advance(5);
    CHECK(calls->count == 1);
    CHECK(calls.use_count() == 1); // the binding freed its copy of the completion
}

TEST_CASE("a delay shows the old frame, then moves") {
    Moving m;
    m.move_to(100, tether::animation_options().duration(1.0).delay(0.5).curve(
                       tether::animation_curve::linear));
    m.engine.advance(0.4);
    CHECK(m.box.presentation_frame().x == 0);
    m.engine.advance(0.6); // 0.5 s into the animation
    CHECK(m.box.presentation_frame().x == 50);
}

TEST_CASE("a freed view stops its animation: the completion gets finished = false") {
    tether::Engine engine;
    auto calls = std::make_shared<Calls>();
    {
        tether::OwnedView root = engine.view({0, 0, 100, 100});
        tether::animate(counting(calls, 1.0), [&] { root.set_frame({50, 0, 100, 100}); });
        CHECK(root.is_animating());
    } // the root is freed here
    engine.advance(0.1);
    CHECK(calls->count == 1);
    CHECK_FALSE(calls->finished);
    engine.advance(2);
    CHECK(calls->count == 1);
}

TEST_CASE("remove_all_animations: model frames shown, completions unfinished at the next advance") {
    Moving m;
    auto calls = std::make_shared<Calls>();
    m.move_to(200, counting(calls, 1.0));
    m.engine.advance(0.25);
    m.box.remove_all_animations();
    CHECK(m.box.presentation_frame().x == 200);
    CHECK_FALSE(m.box.is_animating());
    m.engine.advance(0);
    CHECK(calls->count == 1);
    CHECK_FALSE(calls->finished);

    auto again = std::make_shared<Calls>();
    m.move_to(0, counting(again, 1.0));
    m.engine.remove_all_animations();
    m.engine.advance(0);
    CHECK(again->count == 1);
    CHECK_FALSE(again->finished);
}

TEST_CASE("freeing the engine runs the completions it stops, once, unfinished") {
    auto calls = std::make_shared<Calls>();
    {
        Moving m;
        m.move_to(200, counting(calls, 1.0));
        m.engine.advance(0.5);
        CHECK(calls->count == 0);
    }
    CHECK(calls->count == 1);
    CHECK_FALSE(calls->finished);
    CHECK(calls.use_count() == 1);
}

TEST_CASE("zero duration: the change is at once and the completion runs in the commit") {
    Moving m;
    auto calls = std::make_shared<Calls>();
    tether::animate(counting(calls, 0.0), [&] {
        m.leading.set_constant(80);
        m.root.layout_if_needed();
        CHECK(calls->count == 0);
    });
    CHECK(calls->count == 1);
    CHECK(calls->finished);
    CHECK(m.box.presentation_frame().x == 80);
    CHECK_FALSE(m.box.is_animating());
    CHECK_FALSE(m.engine.has_running_animations());
}

TEST_CASE("without animation, even inside an animation block") {
    Moving m;
    tether::animate(tether::animation_options().duration(1.0), [&] {
        CHECK(tether::inherited_animation_duration() == 1.0);
        tether::perform_without_animation([&] {
            CHECK(tether::open_animation_blocks() == 2);
            CHECK(tether::inherited_animation_duration() == 0.0);
            m.leading.set_constant(60);
            m.root.layout_if_needed();
        });
    });
    CHECK(tether::open_animation_blocks() == 0);
    CHECK(m.box.presentation_frame().x == 60);
    CHECK_FALSE(m.box.is_animating());
}

TEST_CASE("nested blocks inherit the duration unless they override it") {
    tether::animate(tether::animation_options().duration(1.0), [] {
        tether::animate(tether::animation_options().duration(3.0), [] {
            CHECK(tether::inherited_animation_duration() == 1.0);
        });
        tether::animate(tether::animation_options().duration(3.0).override_inherited_duration(),
                        [] { CHECK(tether::inherited_animation_duration() == 3.0); });
    });
}

TEST_CASE("a spring with little damping overshoots; a curve does not") {
    auto furthest = [](const tether::animation_options &options) {
        Moving m;
        m.move_to(200, options);
        double most = 0;
        for (int i = 1; i <= 100; ++i) most = std::max(most, m.box.presentation_frame_at(i * 0.01).x);
        CHECK(m.box.presentation_frame_at(m.box.animation_end_time()).x == doctest::Approx(200));
        return most;
    };
    CHECK(furthest(tether::animation_options().duration(1.0).spring(0.2, 0)) > 210);
    CHECK(furthest(tether::animation_options().duration(1.0)) == doctest::Approx(200));
    // curve() after spring() moves along the curve again.
    CHECK(furthest(tether::animation_options().duration(1.0).spring(0.2, 0).curve(
              tether::animation_curve::ease_out)) == doctest::Approx(200));
}

TEST_CASE("options map to the C structure") {
    tether_animation_options o = tether::animation_options().to_c();
    CHECK(o.struct_size == sizeof(tether_animation_options));
    CHECK(o.flags == 0);
    CHECK(o.duration == 0);
    CHECK(o.curve == TETHER_ANIMATION_CURVE_EASE_IN_OUT);
    CHECK((o.completion == nullptr));
    o = tether::animation_options()
            .duration(0.3)
            .delay(0.1)
            .spring(0.5, 2)
            .override_inherited_duration()
            .override_inherited_curve()
            .to_c();
    CHECK(o.flags == TETHER_ANIMATION_ALL_FLAGS);
    CHECK(o.spring_damping == 0.5);
    CHECK(o.initial_velocity == 2);
    CHECK(o.delay == 0.1);
    o = tether::animation_options().curve(tether::animation_curve::linear)
            .override_inherited_curve().override_inherited_curve(false).to_c();
    CHECK(o.flags == 0);
    CHECK(o.curve == TETHER_ANIMATION_CURVE_LINEAR);
    CHECK(static_cast<int>(tether::animation_curve::ease_in) == TETHER_ANIMATION_CURVE_EASE_IN);
    CHECK(static_cast<int>(tether::animation_curve::ease_out) == TETHER_ANIMATION_CURVE_EASE_OUT);
}

TEST_CASE("animation_block commits at the end of its scope; commit() closes it earlier") {
    Moving m;
    auto calls = std::make_shared<Calls>();
    {
        tether::animation_block block(
            counting(calls, 1.0).curve(tether::animation_curve::linear));
        CHECK(tether::open_animation_blocks() == 1);
        m.leading.set_constant(100);
        m.root.layout_if_needed();
    }
    CHECK(tether::open_animation_blocks() == 0);
    m.engine.advance(0.5);
    CHECK(m.box.presentation_frame().x == 50);
    m.engine.advance(0.5);
    CHECK(calls->count == 1);
    CHECK(calls->finished);

    tether::animation_block block(tether::animation_options().duration(1.0));
    block.commit();
    CHECK_FALSE(block.is_open());
    CHECK(tether::open_animation_blocks() == 0);
    CHECK_THROWS_AS(block.commit(), tether::error);
}

TEST_CASE("animate returns the body's value; a throwing body still closes the block") {
    Moving m;
    int value = tether::animate(tether::animation_options().duration(1.0), [] { return 42; });
    CHECK(value == 42);
    CHECK_THROWS_WITH_AS(tether::animate(tether::animation_options().duration(1.0),
                                         [&] {
                                             m.leading.set_constant(30);
                                             m.root.layout_if_needed();
                                             throw std::runtime_error("body failed");
                                         }),
                         "body failed", std::runtime_error);
    CHECK(tether::open_animation_blocks() == 0);
    CHECK(m.box.is_animating()); // what the body changed before it threw still animates
}

TEST_CASE("a move-only callable is a completion") {
    Moving m;
    auto calls = std::make_shared<Calls>();
    std::unique_ptr<int> token(new int(7));
    tether::animation_options options = tether::animation_options().duration(0.5).completion(
        [calls, token = std::move(token)](bool finished) {
            calls->count += *token;
            calls->finished = finished;
        });
    m.move_to(10, options);
    m.engine.advance(1);
    CHECK(calls->count == 7);
    CHECK(calls->finished);
}

TEST_CASE("a throwing completion: the advance that ran it throws, the others still run") {
    Moving m;
    auto calls = std::make_shared<Calls>();
    m.move_to(50, tether::animation_options().duration(1.0).completion(
                      [](bool) { throw std::runtime_error("completion failed"); }));
    tether::View other = m.root.new_subview("other");
    tether::animate(counting(calls, 1.0), [&] { other.set_frame({0, 0, 10, 10}); });
    try {
        m.engine.advance(2);
        FAIL("no error");
    } catch (const tether::error &e) {
        CHECK(e.status() == TETHER_E_CALLBACK_FAILED);
        CHECK(std::string(e.what()).find("completion failed") != std::string::npos);
    }
    CHECK(m.engine.clock() == 2); // the clock moved all the same
    CHECK(calls->count == 1);
    m.engine.advance(1); // nothing left to report
    CHECK(calls->count == 1);

    // In a commit (a block that animated nothing), likewise.
    CHECK_THROWS_WITH_AS(
        tether::animate(tether::animation_options().completion(
                            [](bool) { throw std::runtime_error("at once"); }),
                        [] {}),
        "an animation completion threw: at once", tether::error);
    CHECK(tether::open_animation_blocks() == 0);
}

TEST_CASE("bad input throws Tether's error and leaves the engine usable") {
    Moving m;
    double nan = std::numeric_limits<double>::quiet_NaN();
    auto calls = std::make_shared<Calls>();

    // A negative duration: nothing opens, and the completion is not kept.
    try {
        tether::animate(counting(calls, -1.0), [] { FAIL("the body ran"); });
        FAIL("no error");
    } catch (const tether::error &e) {
        CHECK(e.status() == TETHER_E_INVALID_ARGUMENT);
        CHECK(std::string(e.what()) == tether_last_error());
        CHECK(std::string(e.what()) != e.status_name());
        MESSAGE("negative duration: " << std::string(e.what()));
    }
    CHECK(tether::open_animation_blocks() == 0);
    CHECK(calls->count == 0);
    CHECK(calls.use_count() == 1);
    CHECK_THROWS_AS(tether::animation_block(tether::animation_options().duration(1).delay(nan)),
                    tether::error);
    CHECK_THROWS_AS(tether::animation_block(tether::animation_options().duration(1).spring(0)),
                    tether::error);
    CHECK(tether::open_animation_blocks() == 0);

    // The clock only moves forward.
    m.engine.set_clock(5);
    try {
        m.engine.set_clock(2);
        FAIL("no error");
    } catch (const tether::error &e) {
        CHECK(e.status() == TETHER_E_INVALID_ARGUMENT);
        CHECK(std::string(e.what()) == tether_last_error());
        MESSAGE("clock backwards: " << std::string(e.what()));
    }
    CHECK_THROWS_AS(m.engine.advance(-0.5), tether::error);
    CHECK_THROWS_AS(m.engine.advance(nan), tether::error);
    CHECK(m.engine.clock() == 5);

    // A commit with no block open.
    try {
        tether::commit_animations();
        FAIL("no error");
    } catch (const tether::error &e) {
        CHECK(e.status() == TETHER_E_INVALID_STATE);
        CHECK(std::string(e.what()) == tether_last_error());
        MESSAGE("commit without begin: " << std::string(e.what()));
    }

    // A presentation frame in a view that is not an ancestor.
    tether::View other = m.root.new_subview("other");
    CHECK_THROWS_AS(m.box.presentation_frame_in(other), tether::error);

    // Still usable: an animation from clock 5.
    m.move_to(100, counting(calls, 1.0).curve(tether::animation_curve::linear));
    m.engine.advance(0.5);
    CHECK(m.box.presentation_frame().x == 50);
    m.engine.advance(0.5);
    CHECK(calls->count == 1);
    CHECK(calls->finished);
}
