// Tether C++ binding: the engine's shared handle, measurements, layout constraints, items and
// guides (tether/engine.h, constraint.h, guide.h, ambiguity.h, inspection.h). Ownership notes:
// tether/engine.hpp.
#ifndef TETHER_CPP_ITEMS_HPP
#define TETHER_CPP_ITEMS_HPP

#include "anchors.hpp"
#include "core.hpp"

#include <cmath>
#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tether {

class View;

/// What a measure callback returns: a size and baselines (NaN when the view has none).
struct Measurement {
    double width = 0, height = 0;
    double first_baseline = std::nan(""), last_baseline = std::nan("");
};

/// fn(view, proposed_width): proposed_width is NaN for the natural size.
using MeasureFunction = std::function<Measurement(View view, double proposed_width)>;
using DiagnosticFunction = std::function<void(const std::string &message)>;

namespace detail {
struct EngineBox {
    tether_engine *engine = nullptr;
    MeasureFunction measure;
    DiagnosticFunction diagnostic;
    EngineBox() { check(tether_engine_new(&engine)); }
    ~EngineBox() {
        // Freeing the engine runs the completions of the animations it stops (finished = false);
        // what they throw is dropped here, not reported by an unrelated call.
        completion_scope discard;
        tether_engine_free(engine);
    }
    EngineBox(const EngineBox &) = delete;
    EngineBox &operator=(const EngineBox &) = delete;
};
using EngineRef = std::shared_ptr<EngineBox>;
} // namespace detail

/// A layout constraint (a handle: the engine frees it with the views it refers to, or free()).
class LayoutConstraint {
public:
    LayoutConstraint(detail::EngineRef engine, tether_layout_constraint id)
        : engine_(std::move(engine)), id_(id) {}
    tether_layout_constraint id() const { return id_; }
    void set_active(bool active) {
        detail::check(tether_layout_constraint_set_active(e(), id_, active ? 1 : 0));
    }
    void set_constant(double c) { detail::check(tether_layout_constraint_set_constant(e(), id_, c)); }
    void set_priority(double p) {
        detail::check(tether_layout_constraint_set_priority(e(), id_, static_cast<float>(p)));
    }
    void set_identifier(const std::string &identifier) {
        detail::check(tether_layout_constraint_set_identifier(e(), id_, identifier.c_str()));
    }
    std::string identifier() const {
        return detail::read_string([&](char *b, std::size_t c, std::size_t *n) {
            return tether_layout_constraint_identifier(e(), id_, b, c, n);
        });
    }
    tether_layout_constraint_info info() const {
        tether_layout_constraint_info out{};
        detail::check(tether_layout_constraint_info_get(e(), id_, &out));
        return out;
    }
    bool is_active() const { return info().is_active != 0; }
    std::string description() const {
        return detail::read_string([&](char *b, std::size_t c, std::size_t *n) {
            return tether_layout_constraint_description(e(), id_, b, c, n);
        });
    }
    /// Frees the constraint now (deactivating it).
    void free() { detail::check(tether_layout_constraint_free(e(), id_)); }

private:
    tether_engine *e() const { return engine_->engine; }
    detail::EngineRef engine_;
    tether_layout_constraint id_;
};

/// Shared by View and Guide: an item of the engine.
class Item {
public:
    Item(detail::EngineRef engine, tether_item id) : engine_(std::move(engine)), id_(id) {}
    tether_item item_id() const { return id_; }
    bool operator==(const Item &o) const { return id_ == o.id_ && engine_ == o.engine_; }
    bool operator!=(const Item &o) const { return !(*this == o); }
    void set_identifier(const std::string &identifier) {
        detail::check(tether_item_set_identifier(e(), id_, identifier.c_str()));
    }
    std::string identifier() const {
        return detail::read_string([&](char *b, std::size_t c, std::size_t *n) {
            return tether_item_identifier(e(), id_, b, c, n);
        });
    }
    std::string debug_name() const {
        return detail::read_string([&](char *b, std::size_t c, std::size_t *n) {
            return tether_item_debug_name(e(), id_, b, c, n);
        });
    }
    std::string description() const {
        return detail::read_string([&](char *b, std::size_t c, std::size_t *n) {
            return tether_item_description(e(), id_, b, c, n);
        });
    }
    bool has_ambiguous_layout() const {
        int32_t out = 0;
        detail::check(tether_item_has_ambiguous_layout(e(), id_, &out));
        return out != 0;
    }
    std::vector<tether_ambiguity> ambiguities() const {
        return detail::read_list<tether_ambiguity>(
            [&](tether_ambiguity *o, std::size_t c, std::size_t *n) {
                return tether_item_ambiguities(e(), id_, o, c, n);
            });
    }
    std::vector<LayoutConstraint> constraints_affecting_layout(tether_axis axis) const {
        return wrap(detail::read_list<tether_layout_constraint>(
            [&](tether_layout_constraint *o, std::size_t c, std::size_t *n) {
                return tether_item_constraints_affecting_layout(e(), id_, axis, o, c, n);
            }));
    }
    std::vector<LayoutConstraint> referring_constraints() const {
        return wrap(detail::read_list<tether_layout_constraint>(
            [&](tether_layout_constraint *o, std::size_t c, std::size_t *n) {
                return tether_item_referring_constraints(e(), id_, o, c, n);
            }));
    }

protected:
    tether_engine *e() const { return engine_->engine; }
    std::vector<LayoutConstraint> wrap(const std::vector<tether_layout_constraint> &ids) const {
        std::vector<LayoutConstraint> out;
        for (tether_layout_constraint id : ids) out.emplace_back(engine_, id);
        return out;
    }
    detail::EngineRef engine_;
    tether_item id_;
};

/// A layout guide (owned by its view, or free() for one never given to a view).
class Guide : public Item, public Anchored<Guide> {
public:
    using Item::Item;
    using Item::item_id;
    tether_rect layout_frame() const {
        tether_rect r{};
        detail::check(tether_guide_layout_frame(e(), id_, &r));
        return r;
    }
    void free() { detail::check(tether_guide_free(e(), id_)); }
};

} // namespace tether

#endif // TETHER_CPP_ITEMS_HPP
