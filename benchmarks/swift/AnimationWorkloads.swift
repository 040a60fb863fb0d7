// Animation workloads (issue 25): what animating costs beside laying out and reading frames.
//
//     tether-bench animate N
//
// A root with N constrained views on a 100-column grid (each pinned by left, top, width and
// height), laid out. Timed, each verified:
//   pass_ms             a relayout after every view's left constant changed, outside any block;
//   animated_pass_ms    the same change and relayout inside an animation block (the pass notes
//                       each frame it changes and gives each view an animation);
//   read_frames_ms      reading the N model frames (`frame`);
//   sample_ms           reading the N presentation frames at the middle of the animation (one
//                       sampling of a display frame: the issue asks that it cost about what
//                       reading the frames does);
//   sample_in_root_ms   the N presentation frames in the root's coordinates;
//   end_ms              the advance past the end, which ends the track and runs the completion.
// Verified: every model frame, every presentation frame at the middle (the linear curve's
// halfway point), and one completion with `finished` true.

import Tether

func animationBenchMain(_ arguments: [String]) -> Int32? {
    guard arguments.count >= 2, arguments[1] == "animate" else { return nil }
    guard arguments.count == 3, let n = Int(arguments[2]), n >= 1 else {
        printError("usage: tether-bench animate N (N >= 1; no options)")
        return 64
    }
    let baselineHWM = peakResidentKilobytes()
    var out = JSONLine(workload: "animate", n: n)
    do {
        try runAnimate(n, &out)
    } catch {
        return failureExitCode(error, workload: "animate", n: n, other: "layout error")
    }
    out.set("verified", true)
    out.setPeak(since: baselineHWM)
    print(out.text)
    return 0
}

private func runAnimate(_ n: Int, _ out: inout JSONLine) throws {
    let engine = LayoutEngine()
    let rows = Double(n / 100 + 1)
    let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 1100, height: 10 * rows))
    var views: [View] = [], lefts: [LayoutConstraint] = []
    views.reserveCapacity(n); lefts.reserveCapacity(n)
    var constraints: [LayoutConstraint] = []
    for i in 0..<n {
        let v = try engine.makeSubview(of: root)
        let left = try v.leftAnchor.constraint(equalTo: root.leftAnchor, constant: Double(i % 100) * 10)
        constraints += [left, try v.topAnchor.constraint(equalTo: root.topAnchor, constant: Double(i / 100) * 10),
                        try v.widthAnchor.constraint(equalToConstant: 10),
                        try v.heightAnchor.constraint(equalToConstant: 10)]
        views.append(v); lefts.append(left)
    }
    try activate(constraints)
    try root.layoutIfNeeded()

    // A plain relayout: every left constant + 100, then back.
    for c in lefts { c.constant += 100 }
    var t = nowNanoseconds()
    try root.layoutIfNeeded()
    out.set("pass_ms", milliseconds(from: t, to: nowNanoseconds()))
    for c in lefts { c.constant -= 100 }
    try root.layoutIfNeeded()

    // The same change inside a block: a linear second.
    var completions: [Bool] = []
    try Animation.begin(AnimationOptions(duration: 1, curve: .linear, completion: { completions.append($0) }))
    for c in lefts { c.constant += 100 }
    t = nowNanoseconds()
    try root.layoutIfNeeded()
    out.set("animated_pass_ms", milliseconds(from: t, to: nowNanoseconds()))
    try Animation.commit()

    try engine.advance(by: 0.5)
    var sum = 0.0
    t = nowNanoseconds()
    for v in views { sum += v.frame.minX }
    out.set("read_frames_ms", milliseconds(from: t, to: nowNanoseconds()))
    var sampled: [Rect] = []
    sampled.reserveCapacity(n)
    t = nowNanoseconds()
    for v in views { sampled.append(v.presentationFrame) }
    out.set("sample_ms", milliseconds(from: t, to: nowNanoseconds()))
    var inRoot: [Rect] = []
    inRoot.reserveCapacity(n)
    t = nowNanoseconds()
    for v in views { inRoot.append(try v.presentationFrame(in: root)) }
    out.set("sample_in_root_ms", milliseconds(from: t, to: nowNanoseconds()))
    for (i, v) in views.enumerated() {
        let model = Rect(x: Double(i % 100) * 10 + 100, y: Double(i / 100) * 10, width: 10, height: 10)
        try expectRect(v.frame, model, "view \(i) frame")
        try expectRect(sampled[i], model.offsetBy(dx: -50, dy: 0), "view \(i) presentation frame at 0.5 s")
        try expectRect(inRoot[i], sampled[i], "view \(i) presentation frame in the root")
    }
    guard sum.isFinite else { throw BenchFailure.verification("frames are not finite") }

    t = nowNanoseconds()
    try engine.advance(by: 0.5)
    out.set("end_ms", milliseconds(from: t, to: nowNanoseconds()))
    guard completions == [true], !engine.hasRunningAnimations, !views.contains(where: \.isAnimating) else {
        throw BenchFailure.verification("completions \(completions), animations still running: \(engine.hasRunningAnimations)")
    }
    out.set("views", n)
}
