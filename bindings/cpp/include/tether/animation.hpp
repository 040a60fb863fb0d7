// Tether C++ binding: animation blocks (tether/animation.h), UIKit's block animations.
//
//   tether::animate(tether::animation_options().duration(0.3).completion([](bool finished) {}),
//                   [&] { constraint.set_constant(200); root.layout_if_needed(); });
//   engine.advance(1.0 / 60);                  // the host's clock, e.g. once a display frame
//   tether_rect shown = view.presentation_frame();
//
// The clock and the presentation frames are members of Engine and View (engine.hpp, view.hpp).
//
// Blocks belong to the calling thread (as in the C API) and nest: an animation_block must end
// on the thread that made it, innermost first, which its scope gives.
//
// A completion is any callable void(bool finished). The library calls it exactly once, when the
// block's animations have ended: inside Engine::advance() or Engine::set_clock() as the clock
// passes the end, inside the commit of a block that animated nothing (finished = true), or
// inside the engine's free for animations it stops (finished = false). The binding keeps the
// callable on the heap until then and frees it right after that call. What it throws does not
// cross the C frames: the call that ran it (advance, set_clock, commit) throws
// tether::error(TETHER_E_CALLBACK_FAILED) with the exception's message after finishing its work,
// as a throwing measure callback fails its layout pass. A completion run by an animation_block's
// destructor or by the engine's free has no caller to report to: what it throws is dropped.
#ifndef TETHER_CPP_ANIMATION_HPP
#define TETHER_CPP_ANIMATION_HPP

#include "core.hpp"

#include <cstdint>
#include <exception>
#include <memory>
#include <type_traits>
#include <utility>

namespace tether {

/// Timing curves: UIKit's UIViewAnimationCurve, with the raw values of tether/animation.h.
enum class animation_curve : tether_animation_curve {
    ease_in_out = TETHER_ANIMATION_CURVE_EASE_IN_OUT, ///< cubic Bézier (0.42, 0, 0.58, 1)
    ease_in = TETHER_ANIMATION_CURVE_EASE_IN,         ///< (0.42, 0, 1, 1)
    ease_out = TETHER_ANIMATION_CURVE_EASE_OUT,       ///< (0, 0, 0.58, 1)
    linear = TETHER_ANIMATION_CURVE_LINEAR,           ///< (0, 0, 1, 1)
};

namespace detail {

// A type-erased completion: any callable void(bool), move-only ones too.
struct completion_base {
    virtual ~completion_base() = default;
    virtual void call(bool finished) = 0;
};

template <typename F> struct completion_holder final : completion_base {
    explicit completion_holder(F f) : fn(std::move(f)) {}
    void call(bool finished) override { fn(finished); }
    F fn;
};

// The C context of one begun block: its own reference to the completion, freed by the one call
// the library makes (or by begin_animations() when the library refused the block).
using completion_context = std::shared_ptr<completion_base>;

inline void completion_trampoline(void *context, int32_t finished) {
    std::unique_ptr<completion_context> held(static_cast<completion_context *>(context));
    try {
        (*held)->call(finished != 0);
    } catch (const std::exception &e) {
        record_completion_failure(e.what());
    } catch (...) {
        record_completion_failure("an exception that is not a std::exception");
    }
}

} // namespace detail

/// What an animation block asks for (tether_animation_options), with chained setters:
/// `animation_options().duration(0.5).delay(0.1).curve(animation_curve::linear)`.
/// The defaults are the C header's: duration 0 (changes at once), no delay, ease-in-out.
class animation_options {
public:
    /// Seconds, finite and >= 0; 0 makes the changes at once.
    animation_options &duration(double seconds) {
        duration_ = seconds;
        return *this;
    }
    /// Seconds before the views start moving (they show their old frames meanwhile).
    animation_options &delay(double seconds) {
        delay_ = seconds;
        return *this;
    }
    /// Moves along `curve` (and stops a spring() set before).
    animation_options &curve(animation_curve c) {
        curve_ = c;
        spring_ = false;
        return *this;
    }
    /// Moves as a damped spring: `damping` > 0 (1: no overshoot), `initial_velocity` in whole
    /// distances per second (UIKit's usingSpringWithDamping:initialSpringVelocity:).
    animation_options &spring(double damping, double initial_velocity = 0.0) {
        spring_ = true;
        damping_ = damping;
        velocity_ = initial_velocity;
        return *this;
    }
    /// In a nested block: this block's duration, not the enclosing block's.
    animation_options &override_inherited_duration(bool on = true) {
        set_flag(TETHER_ANIMATION_OVERRIDE_INHERITED_DURATION, on);
        return *this;
    }
    /// In a nested block: this block's curve or spring, not the enclosing block's.
    animation_options &override_inherited_curve(bool on = true) {
        set_flag(TETHER_ANIMATION_OVERRIDE_INHERITED_CURVE, on);
        return *this;
    }
    /// Called once when the block's animations have ended, with finished = false when any was
    /// stopped early (see the top of this file). Any callable void(bool); copies of these
    /// options share it, so each block begun with them calls the same object once.
    template <typename F> animation_options &completion(F &&fn) {
        using Fn = std::decay_t<F>;
        static_assert(std::is_invocable_v<Fn &, bool>, "a completion is callable as fn(bool)");
        completion_ = std::make_shared<detail::completion_holder<Fn>>(Fn(std::forward<F>(fn)));
        return *this;
    }
    /// No completion.
    animation_options &no_completion() {
        completion_.reset();
        return *this;
    }

    double duration() const { return duration_; }
    double delay() const { return delay_; }
    animation_curve curve() const { return curve_; }
    bool is_spring() const { return spring_; }
    double spring_damping() const { return damping_; }
    double initial_velocity() const { return velocity_; }
    bool has_completion() const { return static_cast<bool>(completion_); }

    /// The C options, without the completion (begin_animations() adds it).
    tether_animation_options to_c() const {
        tether_animation_options o = TETHER_ANIMATION_OPTIONS_INIT;
        o.flags = flags_ | (spring_ ? TETHER_ANIMATION_SPRING : 0u);
        o.duration = duration_;
        o.delay = delay_;
        o.spring_damping = damping_;
        o.initial_velocity = velocity_;
        o.curve = static_cast<tether_animation_curve>(curve_);
        return o;
    }

private:
    friend void begin_animations(const animation_options &options);
    void set_flag(uint32_t flag, bool on) { flags_ = on ? (flags_ | flag) : (flags_ & ~flag); }

    double duration_ = 0.0, delay_ = 0.0, damping_ = 1.0, velocity_ = 0.0;
    animation_curve curve_ = animation_curve::ease_in_out;
    bool spring_ = false;
    uint32_t flags_ = 0;
    detail::completion_context completion_;
};

/// Opens an animation block on the calling thread (UIKit's beginAnimations); close it with
/// commit_animations(). Prefer animation_block or animate(), which cannot forget the commit.
/// Bad options throw tether::error (TETHER_E_INVALID_ARGUMENT) and open nothing.
inline void begin_animations(const animation_options &options) {
    tether_animation_options o = options.to_c();
    std::unique_ptr<detail::completion_context> context;
    if (options.completion_) {
        context = std::make_unique<detail::completion_context>(options.completion_);
        o.completion = &detail::completion_trampoline;
        o.completion_context = context.get();
    }
    detail::check(tether_animation_begin(&o));
    context.release(); // the library calls the completion, which frees its context, once
}

/// Opens a block in which no frame change animates (UIKit's performWithoutAnimation).
inline void begin_without_animation() { detail::check(tether_animation_begin_without_animation()); }

/// Closes the calling thread's innermost block (UIKit's commitAnimations): TETHER_E_INVALID_STATE
/// when none is open. A block that animated nothing runs its completion before this returns;
/// one that throws makes this throw TETHER_E_CALLBACK_FAILED (the block is closed).
inline void commit_animations() {
    detail::completion_scope scope;
    scope.check(tether_animation_commit());
}

/// The number of blocks open on the calling thread.
inline unsigned open_animation_blocks() {
    uint32_t out = 0;
    detail::check(tether_animation_open_blocks(&out));
    return out;
}

/// The duration frame changes made now on this thread animate with; 0 when they do not
/// animate (UIKit's inheritedAnimationDuration).
inline double inherited_animation_duration() {
    double out = 0;
    detail::check(tether_animation_inherited_duration(&out));
    return out;
}

/// The tag of animation_block's block in which nothing animates.
struct without_animation_t {
    explicit without_animation_t() = default;
};
inline constexpr without_animation_t without_animation{};

/// An animation block for a scope (RAII): begins in the constructor, commits in the destructor,
/// which never throws (a failure there, or a completion's exception, is dropped). Call commit()
/// to close it earlier and see those errors. Neither copyable nor movable: it ends on the thread
/// and in the scope that began it.
class animation_block {
public:
    /// Begins an animation block; bad options throw tether::error and begin nothing.
    explicit animation_block(const animation_options &options) { begin_animations(options); }
    /// Begins a block in which nothing animates.
    explicit animation_block(without_animation_t) { begin_without_animation(); }
    ~animation_block() {
        if (open_) {
            detail::completion_scope discard;
            tether_animation_commit();
        }
    }
    animation_block(const animation_block &) = delete;
    animation_block &operator=(const animation_block &) = delete;

    /// Commits now (see commit_animations()). A second commit throws
    /// tether::error(TETHER_E_INVALID_STATE) and closes nothing.
    void commit() {
        if (!open_)
            throw error(TETHER_E_INVALID_STATE, "this animation_block was committed already");
        open_ = false;
        commit_animations();
    }
    bool is_open() const noexcept { return open_; }

private:
    bool open_ = true;
};

namespace detail {
template <typename F> decltype(auto) run_in_block(animation_block &block, F &&body) {
    if constexpr (std::is_void_v<std::invoke_result_t<F &&>>) {
        std::forward<F>(body)();
        block.commit();
    } else {
        decltype(auto) result = std::forward<F>(body)();
        block.commit();
        return result;
    }
}
} // namespace detail

/// Runs `body` inside an animation block and commits it (UIView.animate): the frames that
/// change in it, by a layout pass or set_frame(), animate. Returns what `body` returns. If
/// `body` throws, the block is still closed and the exception goes on.
template <typename F> decltype(auto) animate(const animation_options &options, F &&body) {
    animation_block block(options);
    return detail::run_in_block(block, std::forward<F>(body));
}

/// Runs `body` in a block in which nothing animates, even inside an animation block (UIKit's
/// performWithoutAnimation). Returns what `body` returns.
template <typename F> decltype(auto) perform_without_animation(F &&body) {
    animation_block block(without_animation);
    return detail::run_in_block(block, std::forward<F>(body));
}

} // namespace tether

#endif // TETHER_CPP_ANIMATION_HPP
