// The demo screen of examples/c/feed_example.c built with the C++ binding, the measure callback
// a lambda, laid out to the frames the C demo prints (portrait and landscape).
#include <doctest/doctest.h>
#include <tether.hpp>

#include <cmath>
#include <string>
#include <vector>

namespace {

constexpr double character_width = 7.0, line_height = 18.0;
const std::size_t post_lengths[3] = {45, 119, 242};
const char *const button_names[4] = {"home", "search", "post", "profile"};
const double button_widths[4] = {60, 70, 50, 70};

int text_lines(std::size_t length, double width) {
    int lines = static_cast<int>(std::ceil(length * character_width / width - 1e-9));
    return lines < 1 ? 1 : lines;
}

struct Expected {
    const char *name;
    double x, y, width, height;
};

// Printed by .build/c/examples/feed_example (make demo), in its order.
const Expected portrait[] = {
    {"header", 0, 47, 390, 56},     {"title", 135, 64, 120, 22},    {"compose", 338, 53, 44, 44},
    {"feed", 0, 103, 390, 647},     {"cell0", 8, 111, 374, 64},     {"avatar0", 20, 123, 40, 40},
    {"text0", 72, 123, 298, 36},    {"cell1", 8, 183, 374, 78},     {"avatar1", 20, 195, 40, 40},
    {"text1", 72, 195, 298, 54},    {"cell2", 8, 269, 374, 132},    {"avatar2", 20, 281, 40, 40},
    {"text2", 72, 281, 298, 108},   {"cells", 8, 111, 374, 290},    {"toolbar", 16, 758, 358, 44},
    {"home", 16, 758, 83.5, 44},    {"search", 107.5, 758, 83.5, 44}, {"post", 199, 758, 83.5, 44},
    {"profile", 290.5, 758, 83.5, 44},
};
const Expected landscape[] = {
    {"header", 47, 0, 750, 56},     {"title", 362, 17, 120, 22},    {"compose", 745, 6, 44, 44},
    {"feed", 47, 56, 750, 253},     {"cell0", 55, 64, 734, 64},     {"avatar0", 67, 76, 40, 40},
    {"text0", 119, 76, 658, 18},    {"cell1", 55, 136, 734, 64},    {"avatar1", 67, 148, 40, 40},
    {"text1", 119, 148, 658, 36},   {"cell2", 55, 208, 734, 78},    {"avatar2", 67, 220, 40, 40},
    {"text2", 119, 220, 658, 54},   {"cells", 55, 64, 734, 222},    {"toolbar", 63, 317, 718, 44},
    {"home", 63, 317, 173.5, 44},   {"search", 244.5, 317, 173.5, 44}, {"post", 426, 317, 173.5, 44},
    {"profile", 607.5, 317, 173.5, 44},
};

struct Feed {
    tether::Engine engine;
    tether::OwnedView root = engine.view({0, 0, 390, 844});
    std::vector<tether::View> text;
    std::vector<std::pair<std::string, tether::View>> named;
    int conflicts = 0;

    Feed() {
        using tether::priority;
        engine.set_diagnostic_handler([this](const std::string &) { ++conflicts; });
        engine.set_measure([this](tether::View view, double proposed) {
            for (std::size_t i = 0; i < text.size(); ++i) {
                if (text[i] != view) continue;
                double natural = post_lengths[i] * character_width;
                tether::Measurement m;
                if (std::isnan(proposed)) {
                    m.width = natural;
                    m.height = line_height;
                } else {
                    m.width = natural < proposed ? natural : proposed;
                    m.height = text_lines(post_lengths[i], proposed) * line_height;
                }
                return m;
            }
            throw std::runtime_error("not a text");
        });
        root.set_identifier("screen");
        tether::Guide safe = root.safe_area_layout_guide();
        tether::View header = root.new_subview("header");
        tether::View title = header.new_subview("title");
        tether::View compose = header.new_subview("compose");
        title.set_intrinsic_content_size({120, 22});
        compose.set_intrinsic_content_size({44, 44});
        tether::View feed = root.new_subview("feed");
        named = {{"header", header}, {"title", title}, {"compose", compose}, {"feed", feed}};

        tether::OwnedView owned_cells = engine.stack_view();
        tether::View cells = owned_cells;
        feed.add_subview(std::move(owned_cells));
        cells.set_translates_autoresizing_mask(false);
        cells.set_identifier("cells");
        cells.set_axis(TETHER_AXIS_VERTICAL);
        cells.set_spacing(8);
        std::vector<tether::LayoutSpec> specs;
        for (int i = 0; i < 3; ++i) {
            tether::OwnedView owned = engine.view();
            tether::View cell = owned;
            cell.set_identifier("cell" + std::to_string(i));
            cells.add_arranged_subview(cell);
            owned.release(); // the stack view made it its subview: cells' root owns it now
            tether::View avatar = cell.new_subview("avatar" + std::to_string(i));
            tether::View body = cell.new_subview("text" + std::to_string(i));
            body.set_measured(true);
            text.push_back(body);
            named.push_back({"cell" + std::to_string(i), cell});
            named.push_back({"avatar" + std::to_string(i), avatar});
            named.push_back({"text" + std::to_string(i), body});
            std::vector<tether::LayoutSpec> more = {
                avatar.leading() == cell.leading() + 12,
                avatar.top() == cell.top() + 12,
                avatar.width() == 40.0,
                avatar.height() == 40.0,
                body.leading() == avatar.trailing() + 12,
                body.trailing() == cell.trailing() - 12,
                body.top() == cell.top() + 12,
                cell.bottom() >= avatar.bottom() + 12,
                cell.bottom() >= body.bottom() + 12,
                (cell.height() == 0.0) | priority(1),
            };
            specs.insert(specs.end(), more.begin(), more.end());
        }
        named.push_back({"cells", cells});

        tether::OwnedView owned_toolbar = engine.stack_view();
        tether::View toolbar = owned_toolbar;
        root.add_subview(std::move(owned_toolbar));
        toolbar.set_translates_autoresizing_mask(false);
        toolbar.set_identifier("toolbar");
        toolbar.set_distribution(TETHER_STACK_DISTRIBUTION_FILL_EQUALLY);
        toolbar.set_spacing(8);
        named.push_back({"toolbar", toolbar});
        for (int i = 0; i < 4; ++i) {
            tether::OwnedView owned = engine.view();
            owned.set_identifier(button_names[i]);
            owned.set_intrinsic_content_size({button_widths[i], 36});
            toolbar.add_arranged_subview(owned);
            named.push_back({button_names[i], owned});
            owned.release();
        }
        std::vector<tether::LayoutSpec> screen = {
            header.top() == safe.top(),
            header.leading() == safe.leading(),
            header.trailing() == safe.trailing(),
            header.height() == 56.0,
            title.center_x() == header.center_x(),
            title.center_y() == header.center_y(),
            compose.trailing() == header.trailing_margin(),
            compose.center_y() == header.center_y(),
            toolbar.leading() == safe.leading() + 16,
            toolbar.trailing() == safe.trailing() - 16,
            toolbar.bottom() == safe.bottom() - 8,
            toolbar.height() == 44.0,
            feed.top() == header.bottom(),
            feed.bottom() == toolbar.top() - 8,
            feed.leading() == safe.leading(),
            feed.trailing() == safe.trailing(),
            cells.top() == feed.top() + 8,
            cells.leading() == feed.leading() + 8,
            cells.trailing() == feed.trailing() - 8,
        };
        specs.insert(specs.end(), screen.begin(), screen.end());
        engine.activate(specs);
    }

    tether::View find(const std::string &name) const {
        for (const auto &entry : named)
            if (entry.first == name) return entry.second;
        FAIL("no view named " << name);
        return root;
    }

    template <std::size_t N>
    void check(double width, double height, tether_insets safe, const Expected (&frames)[N]) {
        root.set_frame({0, 0, width, height});
        root.set_safe_area_insets(safe);
        root.layout_if_needed();
        for (const Expected &e : frames) {
            CAPTURE(e.name);
            tether::View view = find(e.name);
            tether_rect r = view.frame_in_root();
            CHECK(r.x == doctest::Approx(e.x));
            CHECK(r.y == doctest::Approx(e.y));
            CHECK(r.width == doctest::Approx(e.width));
            CHECK(r.height == doctest::Approx(e.height));
            CHECK_FALSE(view.has_ambiguous_layout());
        }
        CHECK(conflicts == 0);
        CHECK(root.broken_constraints().empty());
    }
};

} // namespace

TEST_CASE("the feed demo screen lays out as the C demo does, both orientations") {
    Feed feed;
    SUBCASE("portrait then landscape") {
        feed.check(390, 844, {47, 0, 34, 0}, portrait);
        feed.check(844, 390, {0, 47, 21, 47}, landscape);
    }
    SUBCASE("landscape first") { feed.check(844, 390, {0, 47, 21, 47}, landscape); }
    SUBCASE("the picture") {
        feed.check(390, 844, {47, 0, 34, 0}, portrait);
        std::string svg = feed.root.render_svg();
        CHECK(svg.find("<svg") != std::string::npos);
        CHECK(svg.find("toolbar") != std::string::npos);
    }
}
