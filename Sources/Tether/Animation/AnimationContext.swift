#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The animation blocks open on the calling thread, innermost last, like UIKit's (which are the
/// main thread's). Blocks are per thread, not per engine: a block animates whatever frames
/// change inside it, in any engine, as `UIView.animate` does for any view.
final class AnimationContext {
    /// One open block: its completion record, and the timing its frame changes get (nil: they
    /// change at once, for a zero duration or inside `performWithoutAnimation`).
    struct Frame {
        let group: AnimationGroup?
        let timing: AnimationTiming?
        let disablesAnimation: Bool
    }

    var frames: [Frame] = []

    /// The calling thread's context, made on first use and released when the thread ends.
    static var current: AnimationContext {
        let key = threadKey
        if let raw = pthread_getspecific(key) {
            return Unmanaged<AnimationContext>.fromOpaque(raw).takeUnretainedValue()
        }
        let context = AnimationContext()
        pthread_setspecific(key, Unmanaged.passRetained(context).toOpaque())
        return context
    }

    /// The calling thread's context if it has one (no allocation on threads that never animate).
    static var existing: AnimationContext? {
        guard let raw = pthread_getspecific(threadKey) else { return nil }
        return Unmanaged<AnimationContext>.fromOpaque(raw).takeUnretainedValue()
    }

    /// The timing frame changes made now on this thread get: nil outside any block, inside
    /// `performWithoutAnimation`, or in a block that does not animate.
    static var currentTiming: AnimationTiming? {
        guard let context = existing, let top = context.frames.last else { return nil }
        return top.timing
    }

    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        let rc = pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<AnimationContext>.fromOpaque(raw).release()
        }
        precondition(rc == 0, "pthread_key_create failed (\(rc)): no thread-local slot for animation blocks")
        return key
    }()

    /// The group of the innermost block that records animations (for the frame changes made now).
    var currentGroup: AnimationGroup? { frames.last?.group }
}

/// UIKit's block animation API, without drawing: frames that change inside a block (by a
/// layout pass, `layoutIfNeeded`, or a frame set by the host) keep their new values as their
/// model frames at once, and their `presentationFrame`s move there from where they were shown
/// over the block's timing, on the engine's clock (`LayoutEngine.advance(by:)`).
public enum Animation {
    /// Opens a block on this thread (`UIView.animate`'s `animations` closure runs between this
    /// and `commit()`). Nested blocks inherit the duration and the curve of the block around them
    /// unless `options` overrides them; inside `performWithoutAnimation` nothing animates.
    public static func begin(_ options: AnimationOptions) throws(LayoutError) {
        try options.validate()
        let context = AnimationContext.current
        let enclosing = context.frames.last
        let group = AnimationGroup(completion: options.completion)
        var timing: AnimationTiming?
        if enclosing?.disablesAnimation == true {
            timing = nil
        } else if let outer = enclosing, outer.group != nil {
            timing = inherited(options, from: outer.timing)
        } else {
            timing = options.ownTiming()
        }
        context.frames.append(AnimationContext.Frame(group: group, timing: timing,
                                                     disablesAnimation: enclosing?.disablesAnimation ?? false))
    }

    /// Opens a block in which nothing animates, even inside an animation block
    /// (`UIView.performWithoutAnimation`); closed by `commit()`.
    public static func beginWithoutAnimation() {
        AnimationContext.current.frames.append(AnimationContext.Frame(group: nil, timing: nil, disablesAnimation: true))
    }

    /// Closes the innermost block. A block that made no animation completes now (`true`);
    /// otherwise its completion runs when its last animation ends, as the clock passes it.
    /// Throws `.invalidState` when no block is open on this thread.
    public static func commit() throws(LayoutError) {
        guard let context = AnimationContext.existing, let frame = context.frames.popLast() else {
            throw .invalidState("no animation block is open on this thread to commit")
        }
        frame.group?.commit()
    }

    /// The number of blocks open on this thread (those without animation included).
    public static var openBlockCount: Int { AnimationContext.existing?.frames.count ?? 0 }

    /// Whether frame changes made now on this thread animate (UIKit's
    /// `inheritedAnimationDuration > 0`).
    public static var isAnimating: Bool { AnimationContext.currentTiming != nil }

    /// The duration frame changes made now would animate with; 0 outside an animating block
    /// (`UIView.inheritedAnimationDuration`).
    public static var inheritedDuration: Double { AnimationContext.currentTiming?.duration ?? 0 }

    /// Runs `changes` in a block (`UIView.animate(withDuration:…)`). The block is committed even
    /// when `changes` throws, so that what it changed is animated and the stack stays balanced.
    /// Invalid options throw their `LayoutError` before `changes` runs.
    public static func animate(_ options: AnimationOptions, changes: () throws -> Void) throws {
        try begin(options)
        defer { try? commit() }
        try changes()
    }

    /// Runs `changes` with animations off (`UIView.performWithoutAnimation`).
    public static func performWithoutAnimation<R, E: Error>(_ changes: () throws(E) -> R) throws(E) -> R {
        beginWithoutAnimation()
        defer { try? commit() }
        return try changes()
    }

    /// The timing of a nested block: the enclosing block's duration and motion unless overridden,
    /// the block's own delay. A spring whose duration is overridden keeps its damping and velocity.
    static func inherited(_ options: AnimationOptions, from outer: AnimationTiming?) -> AnimationTiming? {
        guard let own = options.ownTiming() ?? (options.overridesInheritedDuration ? nil : placeholder(options)) else {
            return nil
        }
        let duration = options.overridesInheritedDuration ? own.duration : (outer?.duration ?? 0)
        guard duration > 0 else { return nil }
        let motion: AnimationTiming.Motion
        switch (options.overridesInheritedCurve ? own.motion : outer?.motion ?? own.motion) {
        case .curve(let curve): motion = .curve(curve)
        case .spring(let spring):
            motion = .spring(SpringTiming(dampingRatio: spring.dampingRatio, initialVelocity: spring.initialVelocity,
                                          duration: duration))
        }
        return AnimationTiming(duration: duration, delay: options.delay, motion: motion)
    }

    /// The motion a zero-duration nested block asks for, so that it can take the enclosing
    /// block's duration (its own 0 is ignored unless it overrides the inherited duration).
    private static func placeholder(_ options: AnimationOptions) -> AnimationTiming? {
        var withDuration = options
        withDuration.duration = 1
        return withDuration.ownTiming()
    }
}
