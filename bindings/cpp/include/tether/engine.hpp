// Tether C++ binding: the engine and its views (tether/engine.h, view.h, constraint.h,
// guide.h, stack_view.h, visual_format.h, ambiguity.h, inspection.h, document.h, render.h, and
// the clock of animation.h).
//
// Ownership, as in the Python binding (bindings/python/tether/engine.py, view.py):
//  * Engine owns the tether_engine through a shared handle; every View, Guide and Constraint
//    keeps that handle, so the engine is freed after the last object that names it.
//  * A root view owns its subtree (tether_view_free frees the subtree, its guides and every
//    constraint that refers to them). OwnedView is the owner of a root: it frees the root when
//    it goes. Adding an OwnedView as a subview gives the ownership to the new root (the
//    OwnedView becomes empty); removing a view from its superview makes it a root again and
//    remove_from_superview() hands back its OwnedView.
//  * View, Guide and Constraint are plain handles (copyable, non-owning), as UIKit's views are
//    referenced by their superview and constraints by the views they relate. Using one after
//    its root was freed throws tether::error (TETHER_E_INVALID_ID), never crashes.
#ifndef TETHER_CPP_ENGINE_HPP
#define TETHER_CPP_ENGINE_HPP

#include "view.hpp"

#include <cmath>
#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tether {
/// A VFL metric: {"pad", 8}.
using Metric = std::pair<std::string, double>;
/// A VFL view name: {"button", view}.
using Named = std::pair<std::string, tether_item>;

/// Owns a tether_engine (shared with every View, Guide and Constraint made from it).
class Engine {
public:
    Engine() : box_(std::make_shared<detail::EngineBox>()) {}

    /// A new root view (owned by the returned OwnedView).
    OwnedView view(tether_rect frame = tether_rect{0, 0, 0, 0}) {
        tether_view out = 0;
        detail::check(tether_view_new(box_->engine, frame, &out));
        return OwnedView(box_, out);
    }
    /// A new root stack view (UIStackView).
    OwnedView stack_view(tether_rect frame = tether_rect{0, 0, 0, 0}) {
        tether_view out = 0;
        detail::check(tether_stack_view_new(box_->engine, frame, &out));
        return OwnedView(box_, out);
    }
    /// A guide no view owns yet (free it, or give it to a view: View::add_layout_guide).
    Guide guide() {
        tether_guide out = 0;
        detail::check(tether_guide_new(box_->engine, &out));
        return Guide(box_, out);
    }

    /// Makes an inactive constraint.
    LayoutConstraint make(const LayoutSpec &s) {
        tether_layout_constraint out = 0;
        detail::check(tether_layout_constraint_new(box_->engine, s.item1, s.attribute1, s.relation,
                                                   s.item2, s.attribute2, s.multiplier, s.constant,
                                                   s.priority, &out));
        return LayoutConstraint(box_, out);
    }
    /// Makes the constraints and activates them together (all or none: on failure the ones made
    /// are freed and tether::error is thrown).
    std::vector<LayoutConstraint> activate(std::initializer_list<LayoutSpec> specs) {
        return activate(std::vector<LayoutSpec>(specs));
    }
    std::vector<LayoutConstraint> activate(const std::vector<LayoutSpec> &specs) {
        std::vector<LayoutConstraint> made;
        try {
            for (const LayoutSpec &s : specs) made.push_back(make(s));
            activate(made);
        } catch (...) {
            for (LayoutConstraint &c : made) tether_layout_constraint_free(box_->engine, c.id());
            throw;
        }
        return made;
    }
    LayoutConstraint activate(const LayoutSpec &spec) { return activate({spec}).front(); }
    void activate(const std::vector<LayoutConstraint> &cs) {
        std::vector<tether_layout_constraint> ids = ids_of(cs);
        detail::check(tether_layout_constraint_activate(box_->engine, ids.data(), ids.size(), nullptr));
    }
    void deactivate(const std::vector<LayoutConstraint> &cs) {
        std::vector<tether_layout_constraint> ids = ids_of(cs);
        detail::check(tether_layout_constraint_deactivate(box_->engine, ids.data(), ids.size()));
    }

    /// Constraints from the visual format language (inactive). On a parse error the thrown
    /// tether::error's message names the column.
    std::vector<LayoutConstraint> visual_format(const std::string &format,
                                                const std::vector<Named> &views,
                                                const std::vector<Metric> &metrics = {},
                                                tether_format_options options = 0) {
        std::vector<const char *> metric_names, view_names;
        std::vector<double> metric_values;
        std::vector<tether_item> items;
        for (const Metric &m : metrics) {
            metric_names.push_back(m.first.c_str());
            metric_values.push_back(m.second);
        }
        for (const Named &v : views) {
            view_names.push_back(v.first.c_str());
            items.push_back(v.second);
        }
        auto call = [&](tether_layout_constraint *o, std::size_t c, std::size_t *n) {
            std::size_t position = 0;
            return tether_layout_constraints_with_visual_format(
                box_->engine, format.c_str(), options, metric_names.data(), metric_values.data(),
                metric_names.size(), view_names.data(), items.data(), items.size(), o, c, n,
                &position);
        };
        std::vector<LayoutConstraint> out;
        for (tether_layout_constraint id : detail::read_list<tether_layout_constraint>(call))
            out.emplace_back(box_, id);
        return out;
    }

    /// The measure callback: any callable fn(View, proposed_width) -> Measurement. An exception
    /// it throws fails the layout pass (TETHER_E_CALLBACK_FAILED). An empty function unsets it.
    void set_measure(MeasureFunction fn) {
        box_->measure = std::move(fn);
        detail::check(tether_engine_set_measure_callback(
            box_->engine, box_->measure ? &Engine::measure_trampoline : nullptr, box_.get()));
    }
    /// Diagnostics (unsatisfiable-constraint reports, ...) go to fn instead of stderr.
    void set_diagnostic_handler(DiagnosticFunction fn) {
        box_->diagnostic = std::move(fn);
        detail::check(tether_engine_set_diagnostic_handler(
            box_->engine, box_->diagnostic ? &Engine::diagnostic_trampoline : nullptr, box_.get()));
    }
    void set_default_direction(tether_layout_direction d) {
        detail::check(tether_engine_set_default_direction(box_->engine, d));
    }
    void set_display_scale(double scale) {
        detail::check(tether_engine_set_display_scale(box_->engine, scale));
    }
    double display_scale() const {
        double out = 0;
        detail::check(tether_engine_display_scale(box_->engine, &out));
        return out;
    }
    void layout_all() { detail::check(tether_engine_layout_all(box_->engine)); }

    // --- the animation clock (tether/animation.h; blocks: tether/animation.hpp)
    /// Moves the clock forward by `seconds` (finite, >= 0) and runs the completions of the
    /// blocks whose animations ended by then. A completion that threw makes this throw
    /// tether::error(TETHER_E_CALLBACK_FAILED) once the clock has moved and the others ran.
    void advance(double seconds) {
        detail::completion_scope scope;
        scope.check(tether_engine_advance(box_->engine, seconds));
    }
    /// Sets the clock to `time` seconds (never backwards), as advance().
    void set_clock(double time) {
        detail::completion_scope scope;
        scope.check(tether_engine_set_animation_clock(box_->engine, time));
    }
    /// The clock, in seconds (0 when the engine was made).
    double clock() const {
        double out = 0;
        detail::check(tether_engine_animation_clock(box_->engine, &out));
        return out;
    }
    /// True while an animation runs (or was stopped and its completion awaits the next advance).
    bool has_running_animations() const {
        int32_t out = 0;
        detail::check(tether_engine_has_running_animations(box_->engine, &out));
        return out != 0;
    }
    /// Stops every animation: views show their model frames; the completions run at the next
    /// advance with finished = false.
    void remove_all_animations() {
        detail::check(tether_engine_remove_all_animations(box_->engine));
    }

    /// Loads a layout document: its root views, each owned by the returned OwnedView.
    std::vector<OwnedView> load_document(const std::string &json) {
        std::size_t needed = 0;
        // One call with room for many roots; a second only when the document has more.
        std::vector<tether_view> roots(16);
        tether_status st = tether_document_load(box_->engine, json.data(), json.size(),
                                                roots.data(), roots.size(), &needed);
        if (st == TETHER_E_BUFFER_TOO_SMALL) {
            roots.resize(needed);
            st = tether_document_load(box_->engine, json.data(), json.size(), roots.data(),
                                      roots.size(), &needed);
        }
        detail::check(st);
        std::vector<OwnedView> out;
        for (std::size_t i = 0; i < needed; ++i) out.emplace_back(box_, roots[i]);
        return out;
    }

    View view_of(tether_view id) const { return View(box_, id); }
    LayoutConstraint constraint_of(tether_layout_constraint id) const {
        return LayoutConstraint(box_, id);
    }
    /// The C handle, for calls this binding does not wrap.
    tether_engine *handle() const { return box_->engine; }

private:
    static std::vector<tether_layout_constraint> ids_of(const std::vector<LayoutConstraint> &cs) {
        std::vector<tether_layout_constraint> ids;
        for (const LayoutConstraint &c : cs) ids.push_back(c.id());
        return ids;
    }
    static int32_t measure_trampoline(void *context, tether_view view, double proposed_width,
                                      tether_measurement *out) {
        detail::EngineBox *box = static_cast<detail::EngineBox *>(context);
        try {
            // A non-owning reference to the box: the callback runs inside an engine call.
            detail::EngineRef ref(detail::EngineRef(), box);
            Measurement m = box->measure(View(ref, view), proposed_width);
            *out = tether_measurement{m.width, m.height, m.first_baseline, m.last_baseline};
            return 0;
        } catch (...) {
            return 1;
        }
    }
    static void diagnostic_trampoline(void *context, const char *message) {
        detail::EngineBox *box = static_cast<detail::EngineBox *>(context);
        try {
            box->diagnostic(message != nullptr ? message : "");
        } catch (...) {
            // A diagnostic handler cannot fail the call it reports from.
        }
    }
    std::shared_ptr<detail::EngineBox> box_;
};

} // namespace tether

#endif // TETHER_CPP_ENGINE_HPP
