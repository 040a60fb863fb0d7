/// The objects an engine hands out ids for (items, constraints), by id.
///
/// An id is the slot's index + 1 in its low 32 bits (so 0 is never an id) and the slot's
/// generation in its high 32. Freeing an object bumps its slot's generation, so its id dies
/// with it and a recycled slot gives a new id: a stale id held by a C or Python caller finds
/// nothing instead of the slot's next object.
struct IDTable<Element: AnyObject> {
    /// Each slot's object, nil where it was freed (enumerated by teardown and documents).
    private(set) var slots: [Element?] = []
    private var generations: [UInt32] = []
    /// Freed slots, reused last-freed first (the order tests of freeing check).
    private(set) var freeSlots: [Int] = []

    /// Stores `element` in a free slot (the most recently freed first) and returns its id.
    mutating func insert(_ element: Element) -> UInt64 {
        let slot: Int
        if let recycled = freeSlots.popLast() {
            slot = recycled
            slots[slot] = element
        } else {
            slot = slots.count
            slots.append(element)
            generations.append(1)
        }
        return UInt64(generations[slot]) << 32 | UInt64(slot + 1)
    }

    /// The live object with this id, or nil (stale, freed, or never made).
    func element(withID id: UInt64) -> Element? {
        let slot = Int(id & 0xFFFF_FFFF) - 1
        guard slot >= 0, slot < slots.count, let element = slots[slot],
              UInt64(generations[slot]) == id >> 32 else { return nil }
        return element
    }

    /// Frees the slot of `id` if it holds `element`; false if it did not.
    @discardableResult
    mutating func remove(_ element: Element, id: UInt64) -> Bool {
        let slot = Int(id & 0xFFFF_FFFF) - 1
        guard slot >= 0, slot < slots.count, slots[slot] === element else { return false }
        slots[slot] = nil
        generations[slot] &+= 1
        if generations[slot] == 0 { generations[slot] = 1 }
        freeSlots.append(slot)
        return true
    }
}
