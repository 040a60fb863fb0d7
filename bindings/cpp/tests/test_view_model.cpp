// The view model: operators, priorities, VFL, autoresizing, intrinsic size, ambiguity, documents.
#include <doctest/doctest.h>
#include <tether.hpp>

#include <string>

TEST_CASE("anchor expressions read as kiwi's and give the frames they say") {
    tether::Engine engine;
    tether::OwnedView root = engine.view({0, 0, 400, 200});
    tether::View a = root.new_subview("a"), b = root.new_subview("b");
    std::vector<tether::LayoutConstraint> cs = engine.activate({
        a.leading() == root.leading() + 10,
        a.top() == root.top(),
        a.width() == 100.0,
        a.height() == 50.0,
        b.leading() == a.trailing() + 8,
        b.top() == a.top(),
        b.width() >= 0.5 * a.width(),
        (b.width() == 300.0) | tether::priority(250),
        b.trailing() <= root.trailing() - 20,
        b.height() == a.height() * 2 - 10,
    });
    root.layout_if_needed();
    CHECK(b.frame().x == 118);
    CHECK(b.frame().width == 262); // 400 - 20 - 118: the weak 300 gives way
    CHECK(b.frame().height == 90);
    tether_layout_constraint_info info = cs[7].info();
    CHECK(info.priority == 250);
    CHECK(info.is_active == 1);
    cs[7].set_priority(900);
    cs[8].set_active(false);
    root.layout_if_needed();
    CHECK(b.frame().width == 300);
    cs[0].set_identifier("a-leading");
    CHECK(cs[0].identifier() == "a-leading");
    CHECK(cs[0].description().find("a-leading") != std::string::npos);
    engine.deactivate({cs[0]});
    CHECK_FALSE(cs[0].is_active());
    CHECK(a.has_ambiguous_layout());
    CHECK_FALSE(a.ambiguities().empty());
}

TEST_CASE("visual format with metrics") {
    tether::Engine engine;
    tether::OwnedView root = engine.view({0, 0, 300, 100});
    tether::View a = root.new_subview("a"), b = root.new_subview("b");
    auto h = engine.visual_format("H:|-pad-[a(==b)]-pad-[b]-pad-|",
                                  {{"a", a.item_id()}, {"b", b.item_id()}}, {{"pad", 10}});
    auto v = engine.visual_format("V:|[a(20)]", {{"a", a.item_id()}}, {},
                                  TETHER_FORMAT_ALIGN_ALL_LEADING);
    auto v2 = engine.visual_format("V:|[b(==a)]", {{"a", a.item_id()}, {"b", b.item_id()}});
    engine.activate(h);
    engine.activate(v);
    engine.activate(v2);
    root.layout_if_needed();
    CHECK(a.frame().x == 10);
    CHECK(a.frame().width == 135); // (300 - 3 * 10) / 2
    CHECK(b.frame().x == 155);
    CHECK(b.frame().height == 20);
}

TEST_CASE("autoresizing masks and intrinsic size") {
    tether::Engine engine;
    tether::OwnedView root = engine.view({0, 0, 200, 100});
    tether::OwnedView owned = engine.view({10, 10, 180, 20});
    tether::View bar = owned;
    root.add_subview(std::move(owned));
    CHECK_FALSE(owned);
    CHECK(bar.translates_autoresizing_mask());
    bar.set_autoresizing_mask(TETHER_AUTORESIZING_FLEXIBLE_WIDTH);
    CHECK(bar.autoresizing_mask() == TETHER_AUTORESIZING_FLEXIBLE_WIDTH);
    root.set_frame({0, 0, 300, 100});
    root.layout_if_needed();
    CHECK(bar.frame().width == 280);

    tether::View label = root.new_subview("label");
    label.set_intrinsic_content_size({50, 16});
    CHECK(label.intrinsic_content_size().width == 50);
    engine.activate({label.center_x() == root.center_x(), label.center_y() == root.center_y()});
    root.layout_if_needed();
    CHECK(label.frame().x == 125);
    CHECK(label.frame().y == 42);
    label.set_content_hugging_priority(TETHER_AXIS_HORIZONTAL, 300);
    CHECK(label.content_hugging_priority(TETHER_AXIS_HORIZONTAL) == 300);
    tether_size fit = label.system_layout_size_fitting({0, 0});
    CHECK(fit.width == 50);
    CHECK(root.subtree_frames().size() == 3);
}

TEST_CASE("conflicts are reported and broken constraints listed") {
    tether::Engine engine;
    std::vector<std::string> reports;
    engine.set_diagnostic_handler([&](const std::string &m) { reports.push_back(m); });
    tether::OwnedView root = engine.view({0, 0, 100, 100});
    tether::View a = root.new_subview("a");
    engine.activate({a.leading() == root.leading(), a.top() == root.top(), a.height() == 10.0,
                     a.width() == 40.0});
    engine.activate(a.width() == 60.0);
    root.layout_if_needed();
    CHECK(reports.size() == 1);
    CHECK(root.broken_constraints().size() == 1);
    CHECK(a.constraints_affecting_layout(TETHER_AXIS_HORIZONTAL).size() >= 2);
    CHECK_FALSE(root.autolayout_trace().empty());
}

TEST_CASE("a layout document round trip") {
    tether::Engine engine;
    std::string json;
    {
        tether::OwnedView root = engine.view({0, 0, 320, 200});
        root.set_identifier("screen");
        tether::View box = root.new_subview("box");
        engine.activate({box.leading() == root.leading() + 20, box.top() == root.top() + 30,
                         box.width() == 0.5 * root.width(), box.height() == 40.0});
        root.layout_if_needed();
        json = root.save_document();
    }
    CHECK(json.find("box") != std::string::npos);
    std::vector<tether::OwnedView> roots = engine.load_document(json);
    REQUIRE(roots.size() == 1);
    roots[0].layout_if_needed();
    tether::View box = engine.view_of(roots[0].document_item_named("box"));
    CHECK(box.frame().x == 20);
    CHECK(box.frame().y == 30);
    CHECK(box.frame().width == 160);
    CHECK(roots[0].save_document() == json);
    CHECK_THROWS_AS(engine.load_document("{not json"), tether::error);
}

TEST_CASE("stack views and layout guides") {
    tether::Engine engine;
    tether::OwnedView stack = engine.stack_view({0, 0, 300, 40});
    stack.set_distribution(TETHER_STACK_DISTRIBUTION_FILL_EQUALLY);
    stack.set_spacing(10);
    CHECK(stack.spacing() == 10);
    CHECK(stack.distribution() == TETHER_STACK_DISTRIBUTION_FILL_EQUALLY);
    std::vector<tether::View> items;
    for (int i = 0; i < 3; ++i) {
        tether::OwnedView item = engine.view();
        stack.add_arranged_subview(item);
        items.push_back(item);
        item.release(); // now the stack's subview: the stack's owner frees it
    }
    CHECK(stack.arranged_subviews().size() == 3);
    stack.layout_if_needed();
    CHECK(items[1].frame().x == doctest::Approx(103.333333));
    items[2].set_hidden(true);
    stack.layout_if_needed();
    CHECK(items[1].frame().x == 155);
    CHECK_FALSE(stack.arrangement_constraints().empty());

    tether::Guide spacer = engine.guide();
    stack.add_layout_guide(spacer);
    CHECK(stack.layout_guides().size() == 1);
    engine.activate({spacer.leading() == stack.leading(), spacer.width() == 20.0,
                     spacer.top() == stack.top(), spacer.height() == 5.0});
    stack.layout_if_needed();
    CHECK(spacer.layout_frame().width == 20);
}
