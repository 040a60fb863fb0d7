/// The objective with symbolic (lexicographic) priority weights.
///
/// Each optional priority level is its own objective, strictly above all lower ones; within a
/// level every error symbol has weight 1 (minimise the sum of absolute errors). A symbol's
/// objective coefficient is therefore a sparse vector of (level, weight) pairs, stored sorted by
/// decreasing priority in the objective pool, with cancelled entries dropped so that the first
/// entry decides the sign. The level key is the priority value itself, so adding a new priority
/// never renumbers existing entries.
///
/// `eligible` is a bitset over symbol ids marking the parametric symbols that improve the
/// objective when moved: restricted symbols whose weight is lexicographically negative, and
/// unrestricted (external) ones whose weight is non-zero. The primal simplex takes the lowest id
/// (Bland's rule: deterministic and cycle-free on the very degenerate layout programs).
extension Tableau {
    func objectiveIsEmpty(_ s: Int32) -> Bool { objLen[Int(s)] == 0 }

    /// Whether the weight of `s` is lexicographically negative.
    @inline(__always)
    func objectiveIsNegative(_ s: Int32) -> Bool {
        let si = Int(s)
        return objLen[si] > 0 && objVal[Int(objStart[si])] < 0
    }

    /// `obj[s] += scale · w`, where `w` is given as parallel (keys, values) arrays sorted by
    /// decreasing key.
    mutating func objectiveAdd(_ s: Int32, keys: UnsafeBufferPointer<Double>, values: UnsafeBufferPointer<Double>, scale: Double) {
        journalObjective(s)
        if keys.count == 1 && objectiveAddInPlace(s, key: keys[0], value: scale * values[0]) { return }
        let si = Int(s)
        let start = Int(objStart[si])
        let len = Int(objLen[si])
        let room = len + keys.count
        // The merged weight goes to a stack buffer (keys, then values): this runs for every cell
        // of every pivot row, and weights have a few levels, so no array is made or grown here.
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * room) { out in
            var n = 0
            objKey.withUnsafeBufferPointer { objKey in
                objVal.withUnsafeBufferPointer { objVal in
                    var i = start
                    let iEnd = start + len
                    var j = 0
                    let jEnd = keys.count
                    while i < iEnd || j < jEnd {
                        let ki = i < iEnd ? objKey[i] : -Double.infinity
                        let kj = j < jEnd ? keys[j] : -Double.infinity
                        if ki > kj {
                            out[n] = ki; out[room + n] = objVal[i]; n += 1; i += 1
                        } else if kj > ki {
                            let v = scale * values[j]
                            if v != 0 { out[n] = kj; out[room + n] = v; n += 1 }
                            j += 1
                        } else {
                            let a = objVal[i], b = scale * values[j]
                            let v = a + b
                            if !Tolerance.cancels(v, a, b) { out[n] = ki; out[room + n] = v; n += 1 }
                            i += 1; j += 1
                        }
                    }
                }
            }
            let base = UnsafeBufferPointer(out)
            writeObjective(s, keys: UnsafeBufferPointer(rebasing: base[0..<n]),
                           values: UnsafeBufferPointer(rebasing: base[room..<(room + n)]))
        }
    }

    /// The common case of `objectiveAdd`, one level, done in place: the level exists (update it,
    /// or drop it if it cancels) or fits into the weight's capacity. False when it does not fit.
    /// The caller has journaled `s`.
    private mutating func objectiveAddInPlace(_ s: Int32, key: Double, value b: Double) -> Bool {
        let si = Int(s)
        let start = Int(objStart[si])
        let len = Int(objLen[si])
        var k = start
        while k < start + len && objKey[k] > key { k += 1 }
        if k < start + len && objKey[k] == key {
            let a = objVal[k]
            let v = a + b
            if Tolerance.cancels(v, a, b) {
                for m in k..<(start + len - 1) {
                    objKey[m] = objKey[m + 1]
                    objVal[m] = objVal[m + 1]
                }
                objLen[si] = Int32(len - 1)
            } else {
                objVal[k] = v
            }
        } else {
            if b == 0 { return true }
            guard len < Int(objCap[si]) else { return false }
            var m = start + len
            while m > k {
                objKey[m] = objKey[m - 1]
                objVal[m] = objVal[m - 1]
                m -= 1
            }
            objKey[k] = key
            objVal[k] = b
            objLen[si] = Int32(len + 1)
        }
        updateEligibility(s)
        return true
    }

    /// `obj[s] += value` at level `key`.
    mutating func objectiveAdd(_ s: Int32, key: Double, value: Double) {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2) { buf in
            buf[0] = key
            buf[1] = value
            let base = UnsafeBufferPointer(buf)
            objectiveAdd(s, keys: UnsafeBufferPointer(rebasing: base[0..<1]),
                         values: UnsafeBufferPointer(rebasing: base[1..<2]), scale: 1)
        }
    }

    mutating func objectiveClear(_ s: Int32) {
        journalObjective(s)
        releaseObjectiveExtent(of: s)
        objLen[Int(s)] = 0
        objCap[Int(s)] = 0
        objStart[Int(s)] = 0
        updateEligibility(s)
    }

    /// Stores `keys`/`values` as the weight of `s`.
    mutating func writeObjective(_ s: Int32, keys: UnsafeBufferPointer<Double>, values: UnsafeBufferPointer<Double>) {
        journalObjective(s)
        let si = Int(s)
        let n = keys.count
        if n > Int(objCap[si]) { moveObjectiveExtent(of: s, toHold: n) }
        let start = Int(objStart[si])
        for k in 0..<n {
            objKey[start + k] = keys[k]
            objVal[start + k] = values[k]
        }
        objLen[si] = Int32(n)
        updateEligibility(s)
    }

    // MARK: Extents of the objective pool
    //
    // A symbol's weight lives in an extent of 2, 4, 8… slots. Pivots clear the weight of the
    // entering symbol and give weights to the symbols of its row, so extents are released and
    // taken all the time: released ones wait on a free list of their size (most weights have one
    // or two levels) instead of becoming garbage until the next compaction. The feed at 10,000
    // left half of its pool as garbage and grew the pool at every pivot.

    /// Gives the extent of `s` back (to its free list) and leaves `s` without one. Its contents
    /// are not needed any more.
    mutating func releaseObjectiveExtent(of s: Int32) {
        let si = Int(s)
        let cap = Int(objCap[si])
        let start = objStart[si]
        objCap[si] = 0
        objStart[si] = 0
        guard cap > 0 else { return }
        let k = cap.trailingZeroBitCount - 1
        while objFreeExtents.count <= k { objFreeExtents.append([]) }
        objFreeExtents[k].append(start)
        objGarbage += cap  // released slots count as garbage until reused (compaction's trigger)
    }

    /// Gives `s` an extent that holds `n` levels (its old one is released; the caller writes the
    /// weight afterwards): a free one of the right size, else new slots at the pool's tail, after
    /// compacting the pool when garbage outweighs live slots.
    mutating func moveObjectiveExtent(of s: Int32, toHold n: Int) {
        releaseObjectiveExtent(of: s)
        var cap = 2
        while cap < n { cap <<= 1 }
        let k = cap.trailingZeroBitCount - 1
        let si = Int(s)
        if k < objFreeExtents.count, let start = objFreeExtents[k].popLast() {
            objGarbage -= cap
            objStart[si] = start
            objCap[si] = Int32(cap)
            return
        }
        if objGarbage > 1024 && objGarbage > objKey.count / 2 { compactObjective() }
        objStart[si] = Int32(objKey.count)
        objCap[si] = Int32(cap)
        objKey.appendFill(0, count: cap)
        objVal.appendFill(0, count: cap)
    }

    mutating func compactObjective() {
        var keys: [Double] = []
        var vals: [Double] = []
        for si in 0..<objStart.count {
            // Empty extents point at 0, so no stale start can lie beyond the new pool.
            guard objCap[si] > 0 else { objStart[si] = 0; continue }
            let start = Int(objStart[si])
            let cap = Int(objCap[si])
            objStart[si] = Int32(keys.count)
            keys.append(contentsOf: objKey[start..<(start + cap)])
            vals.append(contentsOf: objVal[start..<(start + cap)])
        }
        objKey = keys
        objVal = vals
        objGarbage = 0
        for k in objFreeExtents.indices { objFreeExtents[k].removeAll() }  // they were garbage
    }

    /// Replaces `e` (now basic in row `p`) in the objective: `obj[s] += a_ps · obj[e]`.
    mutating func substituteIntoObjective(_ e: Int32, using p: Int32) {
        let len = Int(objLen[Int(e)])
        if len == 0 { return }
        // The weight is copied out first: the pool may move while the others are written.
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * len) { w in
            let from = Int(objStart[Int(e)])
            for k in 0..<len {
                w[k] = objKey[from + k]
                w[len + k] = objVal[from + k]
            }
            objectiveClear(e)
            let base = UnsafeBufferPointer(w)
            let keys = UnsafeBufferPointer(rebasing: base[0..<len])
            let values = UnsafeBufferPointer(rebasing: base[len..<(2 * len)])
            let start = Int(rowStart[Int(p)])
            let end = start + Int(rowLen[Int(p)])
            for k in start..<end {
                objectiveAdd(cellSym[k], keys: keys, values: values, scale: cellCoef[k])
            }
        }
    }

    /// `obj += scale · (row(s) if s is basic, else s)` at level `key` (weight 1 per level).
    mutating func objectiveAddSymbolOrRow(_ s: Int32, key: Double, scale: Double) {
        let r = rowOf[Int(s)]
        if r < 0 {
            objectiveAdd(s, key: key, value: scale)
            return
        }
        let start = Int(rowStart[Int(r)])
        let cells = Array(start..<(start + Int(rowLen[Int(r)])))
        for k in cells {
            objectiveAdd(cellSym[k], key: key, value: scale * cellCoef[k])
        }
    }

    // MARK: Eligibility bitset

    /// Whether a parametric symbol whose objective weight starts with `leadingWeight` improves
    /// the objective when it moves: restricted symbols only upward (a negative weight),
    /// unrestricted (external) ones either way. Weights are O(1) per level, so a leading weight
    /// within `Tolerance.optimality` of zero is rounding noise, not a direction: treating it as
    /// one would chase an "unbounded" direction that does not exist.
    static func improves(kind: SymbolKind, leadingWeight w: Double) -> Bool {
        if kind.isRestricted { return w < -Tolerance.optimality }
        return kind == .external && Swift.abs(w) > Tolerance.optimality
    }

    mutating func updateEligibility(_ s: Int32) {
        let si = Int(s)
        let kind = symKind[si]
        let isEligible = rowOf[si] < 0 && objLen[si] > 0
            && Tableau.improves(kind: kind, leadingWeight: objVal[Int(objStart[si])])
        let word = si >> 6
        let bit = UInt64(1) << UInt64(si & 63)
        if isEligible {
            eligible[word] |= bit
            if word < eligibleHint { eligibleHint = word }
        } else {
            eligible[word] &= ~bit
        }
    }

    /// The lowest-id eligible entering symbol, or nil at the optimum.
    mutating func lowestEligible() -> Int32? {
        var w = eligibleHint
        while w < eligible.count {
            let bits = eligible[w]
            if bits != 0 {
                eligibleHint = w
                return Int32(w << 6 + bits.trailingZeroBitCount)
            }
            w += 1
        }
        eligibleHint = eligible.count
        return nil
    }

    /// Compares `obj[a]/ca` with `obj[b]/cb` lexicographically: -1, 0 or 1.
    func compareRatio(_ a: Int32, _ ca: Double, _ b: Int32, _ cb: Double) -> Int {
        var i = Int(objStart[Int(a)])
        let iEnd = i + Int(objLen[Int(a)])
        var j = Int(objStart[Int(b)])
        let jEnd = j + Int(objLen[Int(b)])
        while i < iEnd || j < jEnd {
            let ki = i < iEnd ? objKey[i] : -Double.infinity
            let kj = j < jEnd ? objKey[j] : -Double.infinity
            var u = 0.0, v = 0.0
            if ki >= kj { u = objVal[i] / ca; i += 1 }
            if kj >= ki { v = objVal[j] / cb; j += 1 }
            let m = Swift.max(1, Swift.max(Swift.abs(u), Swift.abs(v)))
            if Swift.abs(u - v) > Tolerance.optimality * m { return u < v ? -1 : 1 }
        }
        return 0
    }
}
