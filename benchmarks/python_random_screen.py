"""The zoo's `random-screen` through Python (issue 18): a port of
benchmarks/swift/RandomScreen.swift. A seeded random screen of N views built the ways users build
them (visual format strings, anchors, intrinsic sizes, hugging and compression resistance,
inequalities, several priorities, a stack view, layout guides, margins and the safe area), laid
out by the view model. It has no closed form, so it is verified by building the same screen again
in the natural order, in a fresh engine, and comparing every frame bit for bit (the Swift bench
allows 1e-9); the generator only makes sections whose layout is unique and satisfiable (each
section's comment says why), and a run also fails on any broken-constraint diagnostic and on an
ambiguous view among a sample of them.

The generator is the Swift one step for step: the same splitmix64 draws (benchmarks/shuffle.py,
`below(bound)` = next() % bound) in the same order, so one N and one screen seed give the same
screen in both engines. The screen depends only on N and the screen seed (--screen-seed, default
1); the insertion order (--order, --shuffle) is the order in which its constraints are activated,
one `activate` each, after every view is made. Keep it in step with RandomScreen.swift.

Run through benchmarks/python_view_workloads.py (via python_zoo_workloads.py), which passes its
helpers (`h`: Failure, now) so that a wrong layout is its Failure (exit 3).
"""

from shuffle import splitmix64

# The screen seed is mixed so that screen seed s and shuffle seed s are unrelated.
SCREEN_SEED_MIX = 0x5CEE_2000_0000_0018
# At most this many views (evenly spaced) are checked for ambiguity.
AMBIGUITY_SAMPLE = 400


class RandomScreen:
    """A screen's views (every frame the verification compares) and its constraints in the
    natural order, none active yet."""

    def __init__(self, n, seed):
        import tether

        self.t = tether
        self.engine = tether.Engine()
        self.root = tether.View(frame=(0, 0, 375, 812), engine=self.engine)
        self.root.safe_area_insets = (44, 0, 34, 0)  # top, left, bottom, right
        self.views = []
        self.constraints = []
        self._random = splitmix64(seed ^ SCREEN_SEED_MIX)
        root = self.root
        content = self._make_view(root)
        # A scroll view's content, taller than the screen: the screen's safe area does not reach
        # into it (RandomScreen.swift says why).
        content.safe_area_insets = (0, 0, 0, 0)
        # The content follows the root's margins across and starts at the safe area; its height
        # is the sum of its sections (closed by the last VFL below), so it is never ambiguous.
        self.constraints += [
            content.leading == root.layout_margins_guide.leading,
            content.trailing == root.layout_margins_guide.trailing,
            content.top == root.safe_area_layout_guide.top,
        ]
        sections = (self._row_section, self._card_section, self._tile_section,
                    self._stack_section, self._form_section)
        previous = None
        while len(self.views) < n:
            section = sections[self._below(5)](content)
            self._format("H:|-(8)-[s]-(8)-|", {"s": section})
            if previous is not None:
                self._format("V:[a]-(g)-[b]", {"a": previous, "b": section},
                             metrics={"g": float(4 + self._below(13))})
            else:
                self._format("V:|-(8)-[s]", {"s": section})
            previous = section
        self._format("V:[s]-(8)-|", {"s": previous})

    # -- helpers ---------------------------------------------------------------------------

    def _below(self, bound):
        """A value in 0..<bound: the next output modulo bound (SplitMix64.below)."""
        return next(self._random) % bound

    def _points(self, lo, hi):
        """A whole number of points in lo...hi (whole numbers keep every frame exact in binary)."""
        return float(lo + self._below(hi - lo + 1))

    def _make_view(self, parent, intrinsic=None):
        v = self.t.View(engine=self.engine)
        v.translates_autoresizing_mask_into_constraints = False
        if intrinsic is not None:
            v.intrinsic_content_size = intrinsic
        parent.add_subview(v)
        self.views.append(v)
        return v

    def _format(self, fmt, items, metrics=None, options=0):
        self.constraints += self.t.constraints_with_visual_format(
            fmt, views=items, metrics=metrics or {}, options=options)

    def _add(self, constraint, priority=None):
        if priority is not None:
            constraint.priority = priority
        self.constraints.append(constraint)

    # -- sections (each 343 points wide: the content's 359 less 8 on each side) -------------

    def _row_section(self, content):
        """A list row: icon, title, badge centred on one line. Across, the VFL fixes everything
        but the `>=` gap, which takes the rest (the title and badge keep their intrinsic widths).
        Down, each view is centred and at least `p` from both edges; the section's height hugs
        @49, so it is the tallest view plus 2p: the least height the inequalities allow."""
        from tether import Axis, FormatOptions

        section = self._make_view(content)
        size = self._points(20, 32)
        icon = self._make_view(section, (size, size))
        title = self._make_view(section, (self._points(40, 140), self._points(17, 22)))
        badge = self._make_view(section, (self._points(20, 44), self._points(14, 20)))
        title.set_content_hugging_priority(250 + self._below(2), Axis.HORIZONTAL)
        items = {"icon": icon, "title": title, "badge": badge}
        p = self._points(4, 16)
        self._format("H:|-(p)-[icon(==size)]-(8)-[title]-(>=8)-[badge]-(p)-|", items,
                     metrics={"p": p, "size": size}, options=FormatOptions.ALIGN_ALL_CENTER_Y)
        for name in ("icon", "title", "badge"):
            self._format(f"V:|-(>=p)-[{name}]-(>=p)-|", items, metrics={"p": p})
        self._add(icon.center_y == section.center_y)
        self._add(section.height == 0, priority=49)
        return section

    def _card_section(self, content):
        """A card with random layout margins: title, body, footer in a vertical VFL (all
        equalities, so the card's height is their sum); across, each spans the margins guide. The
        footer holds two buttons with a layout guide between them that takes the rest (>= 8), the
        taller button fixing the footer's height and the other centred on it."""
        t = self.t
        card = self._make_view(content)
        m = self._points(8, 16)
        card.layout_margins = (m, m, m, m)
        title = self._make_view(card, (self._points(60, 200), self._points(20, 24)))
        body = self._make_view(card, (t.NO_INTRINSIC_METRIC, self._points(40, 120)))
        footer = self._make_view(card)
        items = {"title": title, "body": body, "footer": footer}
        self._format("V:|-(m)-[title]-(6)-[body]-(10)-[footer]-(m)-|", items, metrics={"m": m})
        for v in (title, body, footer):
            self._add(v.leading == card.layout_margins_guide.leading)
            self._add(v.trailing == card.layout_margins_guide.trailing)
        first = self._make_view(footer, (self._points(60, 90), 36.0))
        second = self._make_view(footer, (self._points(50, 80), 30.0))
        gap = t.LayoutGuide(engine=self.engine)
        footer.add_layout_guide(gap)
        self._add(first.leading == footer.leading)
        self._add(gap.leading == first.trailing)
        self._add(second.leading == gap.trailing)
        self._add(second.trailing == footer.trailing)
        self._add(gap.width >= 8)
        self._add(first.top == footer.top)
        self._add(first.bottom == footer.bottom)
        self._add(second.center_y == first.center_y)
        self._add(gap.top == footer.top)
        self._add(gap.height == 1)
        return card

    def _tile_section(self, content):
        """2 to 4 tiles of equal width (VFL `(==t0)` predicates) across the section, tops aligned
        (`alignAllTop`), each as tall as its width times the section's ratio (an anchor with a
        multiplier); the first tile fixes the section's height."""
        from tether import FormatOptions

        section = self._make_view(content)
        count = 2 + self._below(3)
        ratio = (1.0, 0.75, 1.5)[self._below(3)]
        items = {}
        row = "H:|-(8)-"
        tiles = []
        for i in range(count):
            tile = self._make_view(section)
            tiles.append(tile)
            items[f"t{i}"] = tile
            row += "[t0]" if i == 0 else f"-(8)-[t{i}(==t0)]"
        self._format(row + "-(8)-|", items, options=FormatOptions.ALIGN_ALL_TOP)
        self._format("V:|-(8)-[t0]-(8)-|", items)
        for tile in tiles:
            self._add(tile.height == tile.width * ratio)
        return section

    def _stack_section(self, content):
        """A horizontal stack (fillEqually, fill, spacing 8) arranged inside its random layout
        margins, of 2 to 4 labels: their widths are fixed by the stack; its height is the tallest
        label's (compression @750 holds every label at least its height, hugging @250 pulls the
        stack down to the tallest: a unique optimum)."""
        from tether.stack_view import StackViewDistribution

        t = self.t
        stack = t.StackView(engine=self.engine)
        stack.translates_autoresizing_mask_into_constraints = False
        stack.distribution = StackViewDistribution.FILL_EQUALLY
        stack.spacing = 8
        m = self._points(4, 12)
        stack.layout_margins = (m, m, m, m)
        stack.layout_margins_relative_arrangement = True
        content.add_subview(stack)
        self.views.append(stack)
        for _ in range(2 + self._below(3)):
            label = t.View(engine=self.engine)
            label.intrinsic_content_size = (self._points(30, 80), self._points(18, 30))
            stack.add_arranged_subview(label)
            self.views.append(label)
        return stack

    def _form_section(self, content):
        """A form row: a label (hugging 251) and a field that fills the rest, with a required
        minimum width (>= 100) and a preferred width of 200 @500. Levels decide in turn: the
        label's compression (750) before the preferred width (500) before the label's hugging
        (251), so the split of the row's width is unique whatever the label's intrinsic width."""
        from tether import Axis

        t = self.t
        section = self._make_view(content)
        label = self._make_view(section, (self._points(50, 110), self._points(17, 21)))
        label.set_content_hugging_priority(251, Axis.HORIZONTAL)
        field = self._make_view(section, (t.NO_INTRINSIC_METRIC, self._points(30, 36)))
        self._add(label.leading == section.leading + 16)
        self._add(field.leading == label.trailing + 8)
        self._add(field.trailing == section.trailing - 16)
        self._add(field.width >= 100)
        self._add(field.width == 200, priority=500)
        self._add(label.center_y == field.center_y)
        self._add(field.top == section.top + 6)
        self._add(field.bottom == section.bottom - 6)
        return section


def lay_out(n, seed, order, h):
    """Builds the screen, activates its constraints in `order` (a function of a count giving a
    permutation) one `activate` each and lays it out; fails on any broken-constraint
    diagnostic (the generator must make satisfiable screens)."""
    import tether

    screen = RandomScreen(n, seed)
    broken = []
    screen.engine.set_diagnostic_handler(broken.append)
    constraints = screen.constraints
    for i in order(len(constraints)):
        tether.activate([constraints[i]])
    screen.root.layout_if_needed()
    if broken:
        raise h.Failure(f"{len(broken)} broken constraint(s), the first: {broken[0]}")
    return screen


def run(n, out, order, h, screen_seed=1):
    """The timed build in the order asked for, then (untimed) the same screen in the natural
    order in a fresh engine: every frame must be the same bit for bit (stricter than the Swift
    bench's 1e-9: the sections' whole-number sizes keep every frame exact in binary, so any
    difference is an error), and a sample of up to 400 views must be unambiguous."""
    import struct

    t0 = h.now()
    screen = lay_out(n, screen_seed, order, h)
    t1 = h.now()
    count = len(screen.views)
    out.update(build_solve_ms=(t1 - t0) * 1e3, views=count, constraints=len(screen.constraints),
               layout_constraints=len(screen.constraints), frames=count, level="view-model",
               **h.solver_fields(screen.root))

    reference = lay_out(n, screen_seed, lambda k: list(range(k)), h)
    for i, (a, b) in enumerate(zip(screen.views, reference.views)):
        fa, fb = tuple(a.frame), tuple(b.frame)
        if struct.pack("<4d", *fa) != struct.pack("<4d", *fb):
            raise h.Failure(f"view[{i}].frame = {fa!r}, the natural order gives {fb!r} (not the "
                            "same bits)")
    stride = max(1, count // AMBIGUITY_SAMPLE)
    for i in range(0, count, stride):
        ambiguities = screen.views[i].ambiguities()
        if ambiguities:
            raise h.Failure(f"view[{i}] is ambiguous: {ambiguities[0]}")
