// Tether C++ binding: views and the owners of root views (tether/view.h, stack_view.h,
// render.h, document.h). Ownership notes: tether/engine.hpp.
#ifndef TETHER_CPP_VIEW_HPP
#define TETHER_CPP_VIEW_HPP

#include "items.hpp"

#include <cmath>
#include <cstdio>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tether {
class OwnedView;

/// A view (a handle; see the ownership notes at the top of this file).
class View : public Item, public Anchored<View> {
public:
    using Item::Item;
    using Item::item_id;
    tether_view id() const { return id_; }

    // --- hierarchy
    /// Makes a child view (translatesAutoresizingMask off, as tether_view_new_subview does).
    View new_subview(const std::string &identifier = std::string()) {
        tether_view out = 0;
        detail::check(tether_view_new_subview(e(), id_, identifier.empty() ? nullptr
                                                                          : identifier.c_str(),
                                              &out));
        return View(engine_, out);
    }
    /// Adds a view of another root's subtree (moving it) or a root given up by its owner.
    void add_subview(View child) { detail::check(tether_view_add_subview(e(), id_, child.id())); }
    inline void add_subview(OwnedView &&root);
    void insert_subview(View child, std::size_t index) {
        detail::check(tether_view_insert_subview(e(), id_, child.id(), index));
    }
    /// The view becomes a root: its owner is returned.
    inline OwnedView remove_from_superview();
    /// The superview, or an empty optional-like View (id() == 0) for a root.
    View superview() const {
        tether_view out = 0;
        detail::check(tether_view_superview(e(), id_, &out));
        return View(engine_, out);
    }
    bool is_root() const { return superview().id() == 0; }
    std::vector<View> subviews() const {
        std::vector<View> out;
        for (tether_view v : detail::read_list<tether_view>(
                 [&](tether_view *o, std::size_t c, std::size_t *n) {
                     return tether_view_subviews(e(), id_, o, c, n);
                 }))
            out.emplace_back(engine_, v);
        return out;
    }

    // --- geometry
    void set_frame(tether_rect frame) { detail::check(tether_view_set_frame(e(), id_, frame)); }
    tether_rect frame() const {
        tether_rect r{};
        detail::check(tether_view_frame(e(), id_, &r));
        return r;
    }
    tether_rect unrounded_frame() const {
        tether_rect r{};
        detail::check(tether_view_unrounded_frame(e(), id_, &r));
        return r;
    }
    /// The frame in its root's coordinates.
    tether_rect frame_in_root() const {
        tether_rect r = frame();
        for (View p = superview(); p.id() != 0; p = p.superview()) {
            tether_rect f = p.frame();
            r.x += f.x;
            r.y += f.y;
        }
        return r;
    }
    /// The subtree's views and frames in one call (this view first, then depth-first).
    std::vector<std::pair<tether_view, tether_rect>> subtree_frames() const {
        std::size_t needed = 0;
        tether_status st = tether_view_subtree_frames(e(), id_, nullptr, nullptr, 0, &needed);
        if (st != TETHER_OK && st != TETHER_E_BUFFER_TOO_SMALL) detail::check(st);
        std::vector<tether_view> views(needed);
        std::vector<tether_rect> frames(needed);
        detail::check(tether_view_subtree_frames(e(), id_, views.data(), frames.data(), needed,
                                                 &needed));
        std::vector<std::pair<tether_view, tether_rect>> out;
        for (std::size_t i = 0; i < needed; ++i) out.emplace_back(views[i], frames[i]);
        return out;
    }

    // --- animation (tether/animation.h; blocks: tether/animation.hpp)
    /// Where the view is shown at the engine's clock, in its superview's coordinates (the
    /// superview's presentation frame); frame() when it does not animate.
    tether_rect presentation_frame() const {
        tether_rect r{};
        detail::check(tether_view_presentation_frame(e(), id_, &r));
        return r;
    }
    /// The presentation frame at clock time `time` if nothing changes meanwhile.
    tether_rect presentation_frame_at(double time) const {
        tether_rect r{};
        detail::check(tether_view_presentation_frame_at(e(), id_, time, &r));
        return r;
    }
    /// The presentation frame in the bounds of `ancestor` (this view or one of its superviews).
    tether_rect presentation_frame_in(const View &ancestor) const {
        tether_rect r{};
        detail::check(tether_view_presentation_frame_in(e(), id_, ancestor.id(), &r));
        return r;
    }
    /// How fast the presentation frame changes, in points per second for x, y, width and height.
    tether_rect presentation_velocity() const {
        tether_rect r{};
        detail::check(tether_view_presentation_velocity(e(), id_, &r));
        return r;
    }
    /// The subtree's presentation frames in one call (the order of subtree_frames()).
    std::vector<std::pair<tether_view, tether_rect>> subtree_presentation_frames() const {
        std::size_t needed = 0;
        tether_status st =
            tether_view_subtree_presentation_frames(e(), id_, nullptr, nullptr, 0, &needed);
        if (st != TETHER_OK && st != TETHER_E_BUFFER_TOO_SMALL) detail::check(st);
        std::vector<tether_view> views(needed);
        std::vector<tether_rect> frames(needed);
        detail::check(tether_view_subtree_presentation_frames(e(), id_, views.data(),
                                                              frames.data(), needed, &needed));
        std::vector<std::pair<tether_view, tether_rect>> out;
        for (std::size_t i = 0; i < needed; ++i) out.emplace_back(views[i], frames[i]);
        return out;
    }
    /// True while a frame animation of this view runs.
    bool is_animating() const { return get_flag(tether_view_is_animating); }
    /// The clock time at which the view's running animations have all ended (the clock when
    /// none runs).
    double animation_end_time() const {
        double out = 0;
        detail::check(tether_view_animation_end_time(e(), id_, &out));
        return out;
    }
    /// Stops this view's own frame animations (not its subviews'); completions left without
    /// animations run at the next advance with finished = false.
    void remove_all_animations() { detail::check(tether_view_remove_all_animations(e(), id_)); }

    // --- autoresizing
    void set_translates_autoresizing_mask(bool on) {
        detail::check(tether_view_set_translates_autoresizing_mask(e(), id_, on ? 1 : 0));
    }
    bool translates_autoresizing_mask() const { return get_flag(tether_view_translates_autoresizing_mask); }
    void set_autoresizing_mask(tether_autoresizing mask) {
        detail::check(tether_view_set_autoresizing_mask(e(), id_, mask));
    }
    tether_autoresizing autoresizing_mask() const {
        tether_autoresizing out = 0;
        detail::check(tether_view_autoresizing_mask(e(), id_, &out));
        return out;
    }
    void set_autoresizes_subviews(bool on) {
        detail::check(tether_view_set_autoresizes_subviews(e(), id_, on ? 1 : 0));
    }
    bool autoresizes_subviews() const { return get_flag(tether_view_autoresizes_subviews); }

    // --- content size
    void set_intrinsic_content_size(tether_size size) {
        detail::check(tether_view_set_intrinsic_content_size(e(), id_, size));
    }
    tether_size intrinsic_content_size() const {
        tether_size out{};
        detail::check(tether_view_intrinsic_content_size(e(), id_, &out));
        return out;
    }
    void invalidate_intrinsic_content_size() {
        detail::check(tether_view_invalidate_intrinsic_content_size(e(), id_));
    }
    /// Measured views get their size from the engine's measure callback.
    void set_measured(bool on) { detail::check(tether_view_set_measured(e(), id_, on ? 1 : 0)); }
    bool measured() const { return get_flag(tether_view_measured); }
    void set_content_hugging_priority(tether_axis axis, double p) {
        detail::check(tether_view_set_content_hugging_priority(e(), id_, axis, static_cast<float>(p)));
    }
    float content_hugging_priority(tether_axis axis) const {
        float out = 0;
        detail::check(tether_view_content_hugging_priority(e(), id_, axis, &out));
        return out;
    }
    void set_compression_resistance_priority(tether_axis axis, double p) {
        detail::check(tether_view_set_compression_resistance_priority(e(), id_, axis,
                                                                      static_cast<float>(p)));
    }
    float compression_resistance_priority(tether_axis axis) const {
        float out = 0;
        detail::check(tether_view_compression_resistance_priority(e(), id_, axis, &out));
        return out;
    }
    void set_baselines(double first_from_top, double last_from_bottom) {
        detail::check(tether_view_set_baselines(e(), id_, first_from_top, last_from_bottom));
    }

    // --- margins, safe area, direction
    void set_layout_margins(tether_insets m) { detail::check(tether_view_set_layout_margins(e(), id_, m)); }
    tether_insets layout_margins() const { return get_insets(tether_view_layout_margins); }
    tether_insets effective_layout_margins() const {
        return get_insets(tether_view_effective_layout_margins);
    }
    void set_safe_area_insets(tether_insets i) {
        detail::check(tether_view_set_safe_area_insets(e(), id_, i));
    }
    tether_insets safe_area_insets() const { return get_insets(tether_view_safe_area_insets); }
    void set_alignment_rect_insets(tether_insets i) {
        detail::check(tether_view_set_alignment_rect_insets(e(), id_, i));
    }
    void set_semantic_content_attribute(tether_semantic_content_attribute a) {
        detail::check(tether_view_set_semantic_content_attribute(e(), id_, a));
    }
    tether_layout_direction effective_layout_direction() const {
        tether_layout_direction out = 0;
        detail::check(tether_view_effective_layout_direction(e(), id_, &out));
        return out;
    }
    Guide layout_margins_guide() const {
        tether_guide g = 0;
        detail::check(tether_view_layout_margins_guide(e(), id_, &g));
        return Guide(engine_, g);
    }
    /// The view owns `guide` from now on (its subtree's root frees it).
    void add_layout_guide(const Guide &guide) {
        detail::check(tether_view_add_layout_guide(e(), id_, guide.item_id()));
    }
    void remove_layout_guide(const Guide &guide) {
        detail::check(tether_view_remove_layout_guide(e(), id_, guide.item_id()));
    }
    std::vector<Guide> layout_guides() const {
        std::vector<Guide> out;
        for (tether_guide g : detail::read_list<tether_guide>(
                 [&](tether_guide *o, std::size_t c, std::size_t *n) {
                     return tether_view_layout_guides(e(), id_, o, c, n);
                 }))
            out.emplace_back(engine_, g);
        return out;
    }
    void reset_safe_area_insets() { detail::check(tether_view_reset_safe_area_insets(e(), id_)); }
    void remove_constraints(const std::vector<LayoutConstraint> &cs) {
        std::vector<tether_layout_constraint> ids;
        for (const LayoutConstraint &c : cs) ids.push_back(c.id());
        detail::check(tether_view_remove_constraints(e(), id_, ids.data(), ids.size()));
    }
    void set_needs_update_constraints() {
        detail::check(tether_view_set_needs_update_constraints(e(), id_));
    }
    void update_constraints_if_needed() {
        detail::check(tether_view_update_constraints_if_needed(e(), id_));
    }
    Guide safe_area_layout_guide() const {
        tether_guide g = 0;
        detail::check(tether_view_safe_area_layout_guide(e(), id_, &g));
        return Guide(engine_, g);
    }

    // --- constraints held by the view (UIKit's addConstraints:)
    void add_constraints(const std::vector<LayoutConstraint> &cs) {
        std::vector<tether_layout_constraint> ids;
        for (const LayoutConstraint &c : cs) ids.push_back(c.id());
        detail::check(tether_view_add_constraints(e(), id_, ids.data(), ids.size(), nullptr));
    }
    std::vector<LayoutConstraint> constraints() const {
        return wrap(detail::read_list<tether_layout_constraint>(
            [&](tether_layout_constraint *o, std::size_t c, std::size_t *n) {
                return tether_view_constraints(e(), id_, o, c, n);
            }));
    }
    /// Active constraints that conflicted and are not enforced, in the subtree.
    std::vector<LayoutConstraint> broken_constraints() const {
        return wrap(detail::read_list<tether_layout_constraint>(
            [&](tether_layout_constraint *o, std::size_t c, std::size_t *n) {
                return tether_view_broken_constraints(e(), id_, o, c, n);
            }));
    }
    std::string autolayout_trace() const {
        return detail::read_string([&](char *b, std::size_t c, std::size_t *n) {
            return tether_view_autolayout_trace(e(), id_, b, c, n);
        });
    }
    /// Moves ambiguous views to another valid solution; true when one moved.
    bool exercise_ambiguity_in_layout() {
        int32_t moved = 0;
        detail::check(tether_view_exercise_ambiguity_in_layout(e(), id_, &moved));
        return moved != 0;
    }

    // --- layout
    void set_needs_layout() { detail::check(tether_view_set_needs_layout(e(), id_)); }
    void layout_if_needed() { detail::check(tether_view_layout_if_needed(e(), id_)); }
    tether_size system_layout_size_fitting(tether_size target,
                                           double horizontal = TETHER_LAYOUT_PRIORITY_FITTING_SIZE,
                                           double vertical = TETHER_LAYOUT_PRIORITY_FITTING_SIZE) {
        tether_size out{};
        detail::check(tether_view_system_layout_size_fitting(e(), id_, target,
                                                             static_cast<float>(horizontal),
                                                             static_cast<float>(vertical), &out));
        return out;
    }

    // --- stack views (views made by Engine::stack_view())
    void add_arranged_subview(View v) {
        detail::check(tether_stack_view_add_arranged_subview(e(), id_, v.id()));
    }
    void set_axis(tether_axis axis) { detail::check(tether_stack_view_set_axis(e(), id_, axis)); }
    void set_distribution(tether_stack_distribution d) {
        detail::check(tether_stack_view_set_distribution(e(), id_, d));
    }
    void set_alignment(tether_stack_alignment a) {
        detail::check(tether_stack_view_set_alignment(e(), id_, a));
    }
    void set_spacing(double s) { detail::check(tether_stack_view_set_spacing(e(), id_, s)); }
    void insert_arranged_subview(View v, std::size_t index) {
        detail::check(tether_stack_view_insert_arranged_subview(e(), id_, v.id(), index));
    }
    void remove_arranged_subview(View v) {
        detail::check(tether_stack_view_remove_arranged_subview(e(), id_, v.id()));
    }
    std::vector<View> arranged_subviews() const {
        std::vector<View> out;
        for (tether_view v : detail::read_list<tether_view>(
                 [&](tether_view *o, std::size_t c, std::size_t *n) {
                     return tether_stack_view_arranged_subviews(e(), id_, o, c, n);
                 }))
            out.emplace_back(engine_, v);
        return out;
    }
    tether_axis axis() const {
        tether_axis out = 0;
        detail::check(tether_stack_view_axis(e(), id_, &out));
        return out;
    }
    tether_stack_distribution distribution() const {
        tether_stack_distribution out = 0;
        detail::check(tether_stack_view_distribution(e(), id_, &out));
        return out;
    }
    tether_stack_alignment alignment() const {
        tether_stack_alignment out = 0;
        detail::check(tether_stack_view_alignment(e(), id_, &out));
        return out;
    }
    double spacing() const {
        double out = 0;
        detail::check(tether_stack_view_spacing(e(), id_, &out));
        return out;
    }
    void set_custom_spacing(double spacing, View after) {
        detail::check(tether_stack_view_set_custom_spacing(e(), id_, spacing, after.id()));
    }
    double custom_spacing(View after) const {
        double out = 0;
        detail::check(tether_stack_view_custom_spacing(e(), id_, after.id(), &out));
        return out;
    }
    void set_baseline_relative_arrangement(bool on) {
        detail::check(tether_stack_view_set_baseline_relative_arrangement(e(), id_, on ? 1 : 0));
    }
    void set_layout_margins_relative_arrangement(bool on) {
        detail::check(
            tether_stack_view_set_layout_margins_relative_arrangement(e(), id_, on ? 1 : 0));
    }
    /// The constraints the stack view made for its arrangement.
    std::vector<LayoutConstraint> arrangement_constraints() const {
        return wrap(detail::read_list<tether_layout_constraint>(
            [&](tether_layout_constraint *o, std::size_t c, std::size_t *n) {
                return tether_stack_view_arrangement_constraints(e(), id_, o, c, n);
            }));
    }
    /// A hidden arranged view takes no room in its stack view.
    void set_hidden(bool hidden) { detail::check(tether_view_set_hidden(e(), id_, hidden ? 1 : 0)); }
    bool is_hidden() const { return get_flag(tether_view_is_hidden); }

    // --- output (tether/render.h; docs/rendering.md)
    /// The subtree as an SVG document, after a layout pass: one rect per view at its model
    /// frame (or, with TETHER_SVG_PRESENTATION in `options.flags`, at its presentation frame
    /// at `options.presentation_time`; render_svg_at() sets both).
    std::string render_svg(const tether_svg_options &options = default_svg_options()) const {
        return detail::read_string([&](char *b, std::size_t c, std::size_t *n) {
            return tether_view_render_svg(e(), id_, &options, b, c, n);
        });
    }
    /// Draws the subtree as render_svg() does and writes it to the file at `path` (created or
    /// replaced; nothing is written when drawing fails). TETHER_E_IO when it cannot be written.
    void write_svg(const std::string &path,
                   const tether_svg_options &options = default_svg_options()) const {
        detail::check(tether_view_write_svg(e(), id_, &options, path.c_str()));
    }
    /// A still of the running animations: the subtree drawn with every view at its
    /// presentation frame at clock time `time` (presentation_frame_at(time)), as render_svg()
    /// with TETHER_SVG_PRESENTATION. The other fields of `options` are drawn as given. A `time`
    /// that is not finite throws tether::error (TETHER_E_INVALID_ARGUMENT, the library's message).
    std::string render_svg_at(double time,
                              const tether_svg_options &options = default_svg_options()) const {
        tether_svg_options o = at_time(options, time);
        return render_svg(o);
    }
    /// Writes render_svg_at(time, options) to the file at `path`, as write_svg() writes.
    void write_svg_at(const std::string &path, double time,
                      const tether_svg_options &options = default_svg_options()) const {
        tether_svg_options o = at_time(options, time);
        write_svg(path, o);
    }
    static tether_svg_options default_svg_options() {
        tether_svg_options o = TETHER_SVG_OPTIONS_INIT;
        return o;
    }

    /// The clock times at which the subtree's running animations are sampled at `fps` frames
    /// per second (after a layout pass): the engine's clock, every 1/fps seconds after it, and
    /// the time the last of them ends (animation_end_time() of the view that ends last), so
    /// the last sample shows the model frames. Just the clock when nothing in the subtree
    /// animates. The clock is not moved. An `fps` that is not finite and > 0, or more than
    /// 100,000 samples, throws tether::error (TETHER_E_INVALID_ARGUMENT, the library's message).
    std::vector<double> sample_times(double fps = 60) const {
        return detail::read_list<double>([&](double *o, std::size_t c, std::size_t *n) {
            return tether_view_animation_sample_times(e(), id_, fps, o, c, n);
        });
    }
    /// The subtree's running animations as one SVG document that plays in any browser: the
    /// drawing at the engine's clock, in which every view rect that moves or resizes (and its
    /// label) carries a SMIL <animate> per changing attribute (x, y, width, height) with its
    /// presentation frames at sample_times(fps), played linearly between samples and frozen
    /// at the end. Views that do not move get none; with nothing animating it is the still at
    /// the clock. The clock is not moved.
    ///
    /// `repeat`: std::nullopt plays the animation once; a count > 0 (may be fractional) plays
    /// it that many times; infinity (std::numeric_limits<double>::infinity()) repeats it
    /// forever (repeatCount="indefinite"). A repeat <= 0 or NaN throws tether::error
    /// (TETHER_E_INVALID_ARGUMENT) before anything is drawn. `options` are the drawing options
    /// of render_svg() (its TETHER_SVG_PRESENTATION is ignored). A bad `fps`, too many samples
    /// or bad drawing options throw tether::error with the library's status and message.
    std::string render_animated_svg(double fps = 60, std::optional<double> repeat = std::nullopt,
                                    const tether_svg_options &options =
                                        default_svg_options()) const {
        tether_svg_animation_options animation = svg_animation_options(fps, repeat);
        return detail::read_string([&](char *b, std::size_t c, std::size_t *n) {
            return tether_view_render_animated_svg(e(), id_, &options, &animation, b, c, n);
        });
    }
    /// Draws render_animated_svg(fps, repeat, options) and writes it to the file at `path`, as
    /// write_svg() writes (same errors; nothing is written when drawing fails or `repeat` is
    /// refused).
    void write_animated_svg(const std::string &path, double fps = 60,
                            std::optional<double> repeat = std::nullopt,
                            const tether_svg_options &options = default_svg_options()) const {
        tether_svg_animation_options animation = svg_animation_options(fps, repeat);
        detail::check(
            tether_view_write_animated_svg(e(), id_, &options, &animation, path.c_str()));
    }
    /// One still per sample time: {time, render_svg_at(time, options)} for each time of
    /// sample_times(fps), in order; a frame sequence of the running animations. Each still has
    /// the size the view has then. The clock is not moved. Throws as sample_times() and
    /// render_svg_at().
    std::vector<std::pair<double, std::string>>
    svg_frames(double fps = 60, const tether_svg_options &options = default_svg_options()) const {
        std::vector<std::pair<double, std::string>> frames;
        for (double time : sample_times(fps)) frames.emplace_back(time, render_svg_at(time, options));
        return frames;
    }
    /// The C options render_animated_svg() passes for `fps` and `repeat` (see there): nullopt
    /// gives repeat_count 0 (play once), infinity the TETHER_SVG_ANIMATION_REPEAT_FOREVER
    /// flag, a finite count > 0 that repeat_count. A repeat <= 0 or NaN throws tether::error
    /// (TETHER_E_INVALID_ARGUMENT); the range of `fps` is the library's to check.
    static tether_svg_animation_options svg_animation_options(double fps = 60,
                                                              std::optional<double> repeat =
                                                                  std::nullopt) {
        tether_svg_animation_options o = TETHER_SVG_ANIMATION_OPTIONS_INIT;
        o.frames_per_second = fps;
        if (repeat) {
            double count = *repeat;
            if (!(count > 0)) {
                char text[32];
                std::snprintf(text, sizeof text, "%g", count);
                throw error(TETHER_E_INVALID_ARGUMENT,
                            std::string("repeat must be greater than 0 (infinity: forever), not ") +
                                text);
            }
            if (std::isinf(count))
                o.flags |= TETHER_SVG_ANIMATION_REPEAT_FOREVER;
            else
                o.repeat_count = count;
        }
        return o;
    }
    /// The subtree as a layout document (JSON).
    std::string save_document() const {
        return detail::read_string([&](char *b, std::size_t c, std::size_t *n) {
            return tether_document_save(e(), id_, b, c, n);
        });
    }
    /// The item a loaded document named `name` in this root's subtree.
    tether_item document_item_named(const std::string &name) const {
        tether_item out = 0;
        detail::check(tether_document_item_named(e(), id_, name.c_str(), &out));
        return out;
    }

private:
    static tether_svg_options at_time(tether_svg_options options, double time) {
        options.flags |= TETHER_SVG_PRESENTATION;
        options.presentation_time = time;
        return options;
    }
    bool get_flag(tether_status (*fn)(tether_engine *, tether_view, int32_t *)) const {
        int32_t out = 0;
        detail::check(fn(e(), id_, &out));
        return out != 0;
    }
    tether_insets get_insets(tether_status (*fn)(tether_engine *, tether_view, tether_insets *)) const {
        tether_insets out{};
        detail::check(fn(e(), id_, &out));
        return out;
    }
};

/// The owner of a root view: frees the root and its subtree when it goes (move-only).
class OwnedView : public View {
public:
    OwnedView(detail::EngineRef engine, tether_view id) : View(std::move(engine), id) {}
    OwnedView(OwnedView &&o) noexcept : View(o) { o.id_ = 0; }
    OwnedView &operator=(OwnedView &&o) noexcept {
        if (this != &o) {
            reset();
            View::operator=(o);
            o.id_ = 0;
        }
        return *this;
    }
    OwnedView(const OwnedView &) = delete;
    OwnedView &operator=(const OwnedView &) = delete;
    ~OwnedView() { reset(); }
    /// Frees the subtree now (no-op when empty).
    void reset() noexcept {
        if (id_ != 0 && engine_) tether_view_free(engine_->engine, id_);
        id_ = 0;
    }
    /// Gives up ownership (the caller frees the root, or it stays until the engine goes).
    tether_view release() noexcept {
        tether_view id = id_;
        id_ = 0;
        return id;
    }
    explicit operator bool() const { return id_ != 0; }
};

inline void View::add_subview(OwnedView &&root) {
    detail::check(tether_view_add_subview(e(), id_, root.id()));
    root.release(); // now part of this view's root
}

inline OwnedView View::remove_from_superview() {
    detail::check(tether_view_remove_from_superview(e(), id_));
    return OwnedView(engine_, id_);
}

} // namespace tether

#endif // TETHER_CPP_VIEW_HPP
