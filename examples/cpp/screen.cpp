/*
 * screen.cpp: a phone screen laid out with Auto Layout constraints, through the header-only
 * C++17 binding (bindings/cpp/include/tether.hpp): the C++ twin of examples/c/screen_example.c.
 *
 *     +-------------------------------+  header: top, leading and trailing of the screen,
 *     |  [title]          header      |          64 high; its title 16 from its leading edge,
 *     +-------------------------------+          120 x 24, centred vertically
 *     |   +-----------------------+   |  content: 8 below the header, 8 above the footer,
 *     |   |        content        |   |           inside the screen's layout margins
 *     |   +-----------------------+   |
 *     |   +-----------------------+   |  footer: at the bottom, inside the margins, 49 high
 *     |   |        footer         |   |
 *     +---+-----------------------+---+  layout margins: 8 top and bottom, 16 left and right
 *
 * The screen is laid out in portrait, then in landscape, then with the engine's default
 * direction right-to-left (leading becomes the right edge: the title moves to the right).
 * Frames are read back in one call (View::subtree_frames), printed in the C example's format
 * and checked against numbers worked out by hand. The program exits non-zero on any difference
 * or when a call throws (tether::error: Tether's status and message, on stderr).
 *
 * Build and run (after `make release`), from the repository's root:
 *
 *     g++ -std=c++17 -Wall -Wextra -IInclude -Ibindings/cpp/include examples/cpp/screen.cpp \
 *         -o screen -L.build/release -ltether -Wl,-rpath,$PWD/.build/release && ./screen
 *
 * `make test-cpp` builds it into .build/cpp/examples/screen and requires the C example's
 * frame tables (scripts/compare_screen_example.py).
 */
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include <tether.hpp>

namespace {

// The views in the order they are made, which is the order of the screen's subtree too (a
// view, then its subviews depth-first): screen, header, title, content, footer.
constexpr std::size_t view_count = 5;
using Views = std::array<tether::View, view_count>;
using Frames = std::array<tether_rect, view_count>;

// Whether two frames agree to 1e-9 (a NaN never does).
bool same(const tether_rect &a, const tether_rect &b) {
    return std::fabs(a.x - b.x) <= 1e-9 && std::fabs(a.y - b.y) <= 1e-9 &&
           std::fabs(a.width - b.width) <= 1e-9 && std::fabs(a.height - b.height) <= 1e-9;
}

// Lays out, reads every frame of the screen's subtree in one call, prints them and compares
// them with `expected`. Returns false when one differs.
bool layout_and_check(const char *title, tether::Engine &engine, Views &views,
                      const Frames &expected) {
    tether::View &screen = views[0];
    screen.layout_if_needed();
    bool right = true;
    std::printf("%s\n", title);
    std::printf("  %-8s %8s %8s %8s %8s\n", "view", "x", "y", "width", "height");
    std::size_t i = 0;
    for (const auto &[id, frame] : screen.subtree_frames()) {
        std::string name = engine.view_of(id).identifier();
        // + 0.0 prints a solver's -0 as 0.
        std::printf("  %-8s %8.2f %8.2f %8.2f %8.2f\n", name.c_str(), frame.x + 0.0,
                    frame.y + 0.0, frame.width + 0.0, frame.height + 0.0);
        if (i >= view_count || id != views[i].id()) {
            std::fprintf(stderr, "  WRONG: view %zu of the subtree is %s, expected %s\n", i,
                         name.c_str(),
                         i < view_count ? views[i].identifier().c_str() : "no view");
            right = false;
        } else if (!same(frame, expected[i])) {
            const tether_rect &want = expected[i];
            std::fprintf(stderr, "  WRONG: %s is (%g, %g, %g, %g), expected (%g, %g, %g, %g)\n",
                         name.c_str(), frame.x, frame.y, frame.width, frame.height, want.x,
                         want.y, want.width, want.height);
            right = false;
        }
        ++i;
    }
    if (i != view_count) {
        std::fprintf(stderr, "  WRONG: the subtree has %zu views, expected %zu\n", i, view_count);
        right = false;
    }
    std::printf("\n");
    return right;
}

// Builds the screen and lays it out three ways; false when a frame is not as expected.
bool run() {
    // The engine is shared by every handle made from it; `screen` owns the root view and frees
    // it, its subviews and their constraints when it goes (end of run()), then the engine goes.
    tether::Engine engine;
    tether::OwnedView screen = engine.view({0, 0, 375, 667});
    screen.set_identifier("screen");
    screen.set_layout_margins({8, 16, 8, 16}); // top, left, bottom, right
    // new_subview(): a subview laid out by constraints (no autoresizing mask), with its name.
    tether::View header = screen.new_subview("header");
    tether::View title = header.new_subview("title");
    tether::View content = screen.new_subview("content");
    tether::View footer = screen.new_subview("footer");
    Views views{screen, header, title, content, footer};

    // Each relation is a description (tether::LayoutSpec); activate() makes the constraints and
    // activates them all at once: either every one is active or none (and it throws).
    auto constraints = engine.activate({
        header.top() == screen.top(),
        header.leading() == screen.leading(),
        header.trailing() == screen.trailing(),
        header.height() == 64.0,
        title.leading() == header.leading() + 16,
        title.center_y() == header.center_y(),
        title.width() == 120.0,
        title.height() == 24.0,
        footer.bottom() == screen.bottom(),
        footer.leading() == screen.leading_margin(),
        footer.trailing() == screen.trailing_margin(),
        footer.height() == 49.0,
        content.top() == header.bottom() + 8,
        content.bottom() == footer.top() - 8,
        content.leading() == screen.leading_margin(),
        content.trailing() == screen.trailing_margin(),
    });
    std::printf("Tether %s, from C++: %zu constraints, e.g. %s\n\n", tether::version().c_str(),
                constraints.size(), constraints[13].description().c_str());

    // Portrait 375 x 667: margins 16 left and right, so the content is 375 - 32 = 343 wide;
    // the footer's top is 667 - 49 = 618, the content runs from 64 + 8 to 618 - 8.
    const Frames portrait{{{0, 0, 375, 667},
                           {0, 0, 375, 64},
                           {16, 20, 120, 24},
                           {16, 72, 343, 538},
                           {16, 618, 343, 49}}};
    bool right = layout_and_check("Portrait, 375 x 667:", engine, views, portrait);

    // Landscape 667 x 375: 635 wide inside the margins, footer at 375 - 49 = 326.
    const Frames landscape{{{0, 0, 667, 375},
                            {0, 0, 667, 64},
                            {16, 20, 120, 24},
                            {16, 72, 635, 246},
                            {16, 326, 635, 49}}};
    screen.set_frame({0, 0, 667, 375});
    right &= layout_and_check("Landscape, 667 x 375:", engine, views, landscape);

    // Right-to-left: leading is the right edge. The title sits 16 from the header's right edge
    // (667 - 16 - 120 = 531); everything else is symmetric.
    Frames right_to_left = landscape;
    right_to_left[2].x = 531;
    engine.set_default_direction(TETHER_LAYOUT_DIRECTION_RIGHT_TO_LEFT);
    if (title.effective_layout_direction() != TETHER_LAYOUT_DIRECTION_RIGHT_TO_LEFT) {
        std::fprintf(stderr, "  WRONG: the title's effective direction is %d\n",
                     static_cast<int>(title.effective_layout_direction()));
        right = false;
    }
    right &= layout_and_check("Landscape, right-to-left:", engine, views, right_to_left);
    return right;
}

} // namespace

int main() {
    // Line-buffered, so that a table and an error on stderr come out in order in a pipe.
    std::setvbuf(stdout, nullptr, _IOLBF, BUFSIZ);
    try {
        if (!run()) {
            std::fprintf(stderr,
                         "cpp screen example: the layout differs from the hand-computed one\n");
            return EXIT_FAILURE;
        }
    } catch (const tether::error &e) {
        // A call failed: Tether's status name and the message it gave for that call.
        std::fprintf(stderr, "cpp screen example: %s: %s\n", e.status_name(), e.what());
        return EXIT_FAILURE;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "cpp screen example: %s\n", e.what());
        return EXIT_FAILURE;
    }
    std::printf("cpp screen example: every frame is as computed by hand\n");
    return EXIT_SUCCESS;
}
