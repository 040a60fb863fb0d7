// Animation blocks: presentation frames along the curves, the clock, completions (exactly once,
// finished or not), the RAII block, bad input.
#include <doctest/doctest.h>
#include <tether.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <unistd.h>

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

// --- Animations as SVG: stills at a clock time, sample times, the animated document, frames.

namespace {

// The opening tag (through its first '>') of the first element of `svg` whose tag starts with
// `start` and whose text through its closing tag contains `marker`; empty if there is none; the
// whole element in `*element` when asked. Attribute values and titles are escaped, so a tag
// holds no other '>'. Views are found by what the drawing shows of them (their identifier in
// the rect's <title>, the label's text), not by their ids: a drawing shows ids without the
// engine's tag (tether/engine.h), and ids are opaque.
std::string tag_of(const std::string &svg, const std::string &start, const std::string &marker,
                   std::string *element = nullptr) {
    std::string close = "</" + start.substr(1, start.find(' ') - 1) + ">";
    for (std::size_t at = svg.find(start); at != std::string::npos; at = svg.find(start, at + 1)) {
        std::size_t stop = svg.find(close, at);
        std::string whole = svg.substr(at, stop == std::string::npos ? std::string::npos
                                                                     : stop + close.size() - at);
        if (whole.find(marker) == std::string::npos) continue;
        if (element != nullptr) *element = whole;
        return whole.substr(0, whole.find('>') + 1);
    }
    return std::string();
}

const std::string view_rect = "<rect class=\"view\"";

// The opening tag of the rect of the view with identifier `identifier`.
std::string rect_of(const std::string &svg, const std::string &identifier,
                    std::string *element = nullptr) {
    return tag_of(svg, view_rect, "identifier = &apos;" + identifier + "&apos;", element);
}

// The number in attribute `name` of `tag`; NaN when it has none.
double attribute(const std::string &tag, const std::string &name) {
    std::size_t at = tag.find(" " + name + "=\"");
    if (at == std::string::npos) return std::numeric_limits<double>::quiet_NaN();
    return std::stod(tag.substr(at + name.size() + 3));
}

// The text of attribute `name` of `tag`; empty when it has none.
std::string text_attribute(const std::string &tag, const std::string &name) {
    std::size_t at = tag.find(" " + name + "=\"");
    if (at == std::string::npos) return std::string();
    at += name.size() + 3;
    return tag.substr(at, tag.find('"', at) - at);
}

std::size_t count_of(const std::string &text, const std::string &part) {
    std::size_t n = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
        ++n;
    return n;
}

std::string read_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// A file name of this process in the temporary directory; removed when the object goes.
struct TempFile {
    std::string path;
    explicit TempFile(const std::string &name)
        : path((std::filesystem::temp_directory_path() /
                ("tether-cpp-" + std::to_string(::getpid()) + "-" + name))
                   .string()) {
        std::filesystem::remove(path);
    }
    ~TempFile() {
        std::error_code ignored;
        std::filesystem::remove(path, ignored);
    }
    bool exists() const { return std::filesystem::exists(path); }
};

// The box of Moving moving from x = 0 to x = 200 along a linear 1 s animation that starts at
// clock 2 (not 0, so that times counted from 0 would be wrong).
struct MovingFromTwo : Moving {
    MovingFromTwo() {
        engine.set_clock(2);
        move_to(200, tether::animation_options().duration(1.0).curve(
                         tether::animation_curve::linear));
    }
};

constexpr double forever = std::numeric_limits<double>::infinity();

} // namespace

TEST_CASE("sample_times: the clock, every 1/fps after it, and the end of the last animation") {
    MovingFromTwo m;
    std::vector<double> times = m.root.sample_times(10);
    REQUIRE(times.size() == 11);
    CHECK(times.front() == 2);
    CHECK(times.back() == m.box.animation_end_time());
    CHECK(times.back() == 3);
    for (std::size_t i = 0; i < times.size(); ++i)
        CHECK(times[i] == doctest::Approx(2 + 0.1 * double(i)).epsilon(1e-12));
    CHECK(std::is_sorted(times.begin(), times.end()));
    CHECK(m.root.sample_times().size() == 61); // 60 fps by default
    CHECK(m.box.sample_times(10) == times);    // the box's own subtree animates the same
    CHECK(m.engine.clock() == 2);              // sampling never moves the clock

    // Nothing animating: the clock alone.
    m.engine.set_clock(3.5);
    CHECK(m.root.sample_times(10) == std::vector<double>{3.5});
}

TEST_CASE("render_svg_at: a still draws each view at its presentation frame then") {
    MovingFromTwo m;
    tether::View still = m.root.new_subview("still");
    still.set_frame({300, 200, 40, 30}); // outside the block: it does not move
    m.root.layout_if_needed();
    const double t = 2.3;
    tether_rect shown = m.box.presentation_frame_at(t);
    REQUIRE(shown.x == doctest::Approx(60));

    std::string svg = m.root.render_svg_at(t);
    std::string box = rect_of(svg, "box");
    REQUIRE_FALSE(box.empty());
    MESSAGE("the box at t = 2.3: " << box);
    CHECK(attribute(box, "x") == doctest::Approx(shown.x));
    CHECK(attribute(box, "y") == doctest::Approx(shown.y));
    CHECK(attribute(box, "width") == doctest::Approx(shown.width));
    CHECK(attribute(box, "height") == doctest::Approx(shown.height));
    std::string other = rect_of(svg, "still");
    CHECK(attribute(other, "x") == 300);
    CHECK(attribute(other, "y") == 200);
    CHECK(svg.find("<animate") == std::string::npos); // a still, not an animation

    // Without a time: the model frame; at the clock and at the end: where the box is shown then.
    CHECK(attribute(rect_of(m.root.render_svg(), "box"), "x") == 200);
    CHECK(attribute(rect_of(m.root.render_svg_at(2), "box"), "x") == 0);
    CHECK(attribute(rect_of(m.root.render_svg_at(3), "box"), "x") ==
          200);

    // The other drawing options are kept.
    tether_svg_options options = tether::View::default_svg_options();
    options.padding = 20;
    std::string padded = m.root.render_svg_at(t, options);
    CHECK(padded.find("viewBox=\"-20 -20 440 340\"") != std::string::npos);
    CHECK(attribute(rect_of(padded, "box"), "x") ==
          doctest::Approx(shown.x));

    // write_svg_at writes the same document.
    TempFile file("still.svg");
    m.root.write_svg_at(file.path, t);
    CHECK(read_file(file.path) == svg);
    CHECK(m.engine.clock() == 2);
}

TEST_CASE("render_animated_svg: one <animate> per changing attribute, played once or repeated") {
    MovingFromTwo m;
    std::string once = m.root.render_animated_svg(10);
    std::string box;
    std::string box_tag = rect_of(once, "box", &box);
    REQUIRE_FALSE(box_tag.empty());
    CHECK(attribute(box_tag, "x") == 0); // drawn at the clock
    REQUIRE(count_of(box, "<animate") == 1);
    std::string animate = box.substr(box.find("<animate"));
    animate = animate.substr(0, animate.find('>') + 1);
    MESSAGE("the box's animate: " << animate);
    CHECK(text_attribute(animate, "attributeName") == "x");
    CHECK(text_attribute(animate, "values") == "0;20;40;60;80;100;120;140;160;180;200");
    CHECK(text_attribute(animate, "keyTimes") == "0;0.1;0.2;0.3;0.4;0.5;0.6;0.7;0.8;0.9;1");
    CHECK(text_attribute(animate, "dur") == "1s");
    CHECK(text_attribute(animate, "fill") == "freeze");
    CHECK(animate.find("repeatCount") == std::string::npos); // played once

    // Only x changes; the root does not move; the label moves with the box.
    CHECK(once.find("attributeName=\"y\"") == std::string::npos);
    CHECK(once.find("attributeName=\"width\"") == std::string::npos);
    std::string root;
    tag_of(once, view_rect, "data-depth=\"0\"", &root);
    REQUIRE_FALSE(root.empty());
    CHECK(root.find("<animate") == std::string::npos);
    std::string label;
    tag_of(once, "<text class=\"label\"", ">box<", &label);
    CHECK(count_of(label, "<animate attributeName=\"x\"") == 1);
    CHECK(count_of(once, "<animate") == 2);

    // Repeated forever, or a count of times.
    std::string looping = m.root.render_animated_svg(10, forever);
    CHECK(count_of(looping, "repeatCount=\"indefinite\"") == 2);
    CHECK(looping.find("<animate attributeName=\"x\"") != std::string::npos);
    std::string twice_and_a_half = m.root.render_animated_svg(10, 2.5);
    CHECK(count_of(twice_and_a_half, "repeatCount=\"2.5\"") == 2);
    CHECK(twice_and_a_half.find("indefinite") == std::string::npos);

    // The drawing options apply; the same hierarchy and clock give the same bytes.
    tether_svg_options scaled = tether::View::default_svg_options();
    scaled.scale = 2;
    CHECK(m.root.render_animated_svg(10, std::nullopt, scaled).find("width=\"832\"") !=
          std::string::npos);
    CHECK(m.root.render_animated_svg(10) == once);
    CHECK(m.engine.clock() == 2);

    // Nothing animating: the still at the clock, with no <animate>.
    m.engine.set_clock(4);
    std::string rest = m.root.render_animated_svg(10, forever);
    CHECK(rest.find("<animate") == std::string::npos);
    CHECK(attribute(rect_of(rest, "box"), "x") == 200);
}

TEST_CASE("svg_animation_options: repeat as nullopt, a count or infinity") {
    tether_svg_animation_options o = tether::View::svg_animation_options();
    CHECK(o.struct_size == sizeof(tether_svg_animation_options));
    CHECK(o.frames_per_second == 60);
    CHECK(o.flags == 0);
    CHECK(o.repeat_count == 0);
    o = tether::View::svg_animation_options(24, 3);
    CHECK(o.frames_per_second == 24);
    CHECK(o.flags == 0);
    CHECK(o.repeat_count == 3);
    o = tether::View::svg_animation_options(30, forever);
    CHECK(o.flags == TETHER_SVG_ANIMATION_REPEAT_FOREVER);
    CHECK(o.repeat_count == 0);
}

TEST_CASE("write_animated_svg writes the document render_animated_svg gives") {
    MovingFromTwo m;
    TempFile file("animated.svg");
    m.root.write_animated_svg(file.path, 10, forever);
    REQUIRE(file.exists());
    std::string written = read_file(file.path);
    CHECK(written == m.root.render_animated_svg(10, forever));
    CHECK(written.find("repeatCount=\"indefinite\"") != std::string::npos);

    // Refused arguments write nothing.
    TempFile refused("refused.svg");
    CHECK_THROWS_AS(m.root.write_animated_svg(refused.path, 10, 0.0), tether::error);
    CHECK_THROWS_AS(m.root.write_animated_svg(refused.path, 0), tether::error);
    CHECK_FALSE(refused.exists());

    // A file that cannot be opened: TETHER_E_IO naming the path.
    std::string missing = file.path + ".missing/animated.svg";
    try {
        m.root.write_animated_svg(missing, 10);
        FAIL("no error");
    } catch (const tether::error &e) {
        CHECK(e.status() == TETHER_E_IO);
        CHECK(std::string(e.what()).find(missing) != std::string::npos);
    }
}

TEST_CASE("svg_frames: one still per sample time") {
    MovingFromTwo m;
    std::vector<double> times = m.root.sample_times(10);
    auto frames = m.root.svg_frames(10);
    REQUIRE(frames.size() == times.size());
    for (std::size_t i = 0; i < frames.size(); ++i) {
        CAPTURE(i);
        CHECK(frames[i].first == times[i]);
        CHECK(frames[i].second == m.root.render_svg_at(times[i]));
        std::string box = rect_of(frames[i].second, "box");
        CHECK(attribute(box, "x") == doctest::Approx(m.box.presentation_frame_at(times[i]).x));
    }
    CHECK(attribute(rect_of(frames.front().second, "box"), "x") == 0);
    CHECK(attribute(rect_of(frames.back().second, "box"), "x") == 200);
    CHECK(m.engine.clock() == 2);

    // Nothing animating: one still, at the clock.
    m.engine.set_clock(5);
    auto rest = m.root.svg_frames(10);
    REQUIRE(rest.size() == 1);
    CHECK(rest[0].first == 5);
    CHECK(rest[0].second == m.root.render_svg());
}

TEST_CASE("bad frame rates, repeats and times throw; the engine stays usable") {
    MovingFromTwo m;
    const double nan = std::numeric_limits<double>::quiet_NaN();

    // The frame rate's range is the library's: its status and message.
    for (double fps : {0.0, -10.0, nan, forever}) {
        CAPTURE(fps);
        try {
            m.root.sample_times(fps);
            FAIL("no error");
        } catch (const tether::error &e) {
            CHECK(e.status() == TETHER_E_INVALID_ARGUMENT);
            CHECK(std::string(e.what()) == tether_last_error());
            CHECK(std::string(e.what()).find("frames per second") != std::string::npos);
        }
        try {
            m.root.render_animated_svg(fps);
            FAIL("no error");
        } catch (const tether::error &e) {
            CHECK(e.status() == TETHER_E_INVALID_ARGUMENT);
            CHECK(std::string(e.what()) == tether_last_error());
            MESSAGE("fps " << fps << ": " << std::string(e.what()));
        }
        CHECK_THROWS_AS(m.root.svg_frames(fps), tether::error);
    }
    // Too many samples (more than 100,000 over the 1 s span).
    CHECK_THROWS_AS(m.root.sample_times(1e6), tether::error);

    // A repeat that is not > 0: the binding's refusal, never a clamp.
    for (double repeat : {0.0, -1.0, -forever, nan}) {
        CAPTURE(repeat);
        try {
            m.root.render_animated_svg(10, repeat);
            FAIL("no error");
        } catch (const tether::error &e) {
            CHECK(e.status() == TETHER_E_INVALID_ARGUMENT);
            CHECK(std::string(e.what()).find("repeat must be greater than 0") !=
                  std::string::npos);
            MESSAGE("repeat " << repeat << ": " << std::string(e.what()));
        }
        CHECK_THROWS_AS(tether::View::svg_animation_options(60, repeat), tether::error);
    }

    // A still at a time that is not finite.
    try {
        m.root.render_svg_at(nan);
        FAIL("no error");
    } catch (const tether::error &e) {
        CHECK(e.status() == TETHER_E_INVALID_ARGUMENT);
        CHECK(std::string(e.what()) == tether_last_error());
    }
    // Bad drawing options are the library's to refuse, as for render_svg().
    tether_svg_options bad = tether::View::default_svg_options();
    bad.scale = 0;
    CHECK_THROWS_AS(m.root.render_animated_svg(10, std::nullopt, bad), tether::error);

    // Still usable: the same engine renders and samples as before.
    CHECK(m.root.sample_times(10).size() == 11);
    std::string again = m.root.render_animated_svg(10, forever);
    CHECK(count_of(again, "<animate attributeName=\"x\"") == 2);
    CHECK(attribute(rect_of(m.root.render_svg_at(2.5), "box"), "x") ==
          doctest::Approx(100));
    CHECK(m.engine.clock() == 2);
}
