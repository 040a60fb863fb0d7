-- The demo screen of examples/c/feed_example.c built through the Lua binding, the paragraphs
-- measured by a Lua function, laid out to exactly the frames the C demo prints
-- (`make c-examples && .build/c/examples/feed_example`), portrait then landscape.
local tether = require("tether")
local A = tether.axis

local POSTS = { 45, 119, 242 }
local BUTTONS = { { "home", 60 }, { "search", 70 }, { "post", 50 }, { "profile", 70 } }
local CHARACTER_WIDTH, LINE_HEIGHT = 7.0, 18.0

local function text_lines(length, width)
  return math.max(1, math.ceil(length * CHARACTER_WIDTH / width - 1e-9))
end

local function build(engine)
  local s = {}
  s.root = engine:view({ 0, 0, 390, 844 }, "screen")
  local safe = s.root:safe_area_layout_guide()
  s.header = s.root:subview("header")
  s.title = s.header:subview("title")
  s.compose = s.header:subview("compose")
  s.title:set_intrinsic_content_size(120, 22)
  s.compose:set_intrinsic_content_size(44, 44)
  s.feed = s.root:subview("feed")
  s.cells = engine:stack_view({ axis = A.vertical, spacing = 8, identifier = "cells" })
  s.feed:add_subview(s.cells)
  s.cells:set_translates_autoresizing_mask(false)
  s.cell, s.avatar, s.text = {}, {}, {}
  local made = {}
  local function add(c) made[#made + 1] = c end
  for i, length in ipairs(POSTS) do
    local cell = engine:view(nil, "cell" .. (i - 1))
    s.cells:add_arranged_subview(cell)
    local avatar, text = cell:subview("avatar" .. (i - 1)), cell:subview("text" .. (i - 1))
    text:set_measure(function(_, proposed)
      local natural = length * CHARACTER_WIDTH
      if proposed ~= proposed then return natural, LINE_HEIGHT end -- NaN: width unknown
      return math.min(natural, proposed), text_lines(length, proposed) * LINE_HEIGHT
    end)
    add(avatar.leading:eq(cell.leading + 12))
    add(avatar.top:eq(cell.top + 12))
    add(avatar.width:eq(40))
    add(avatar.height:eq(40))
    add(text.leading:eq(avatar.trailing + 12))
    add(text.trailing:eq(cell.trailing - 12))
    add(text.top:eq(cell.top + 12))
    add(cell.bottom:ge(avatar.bottom + 12))
    add(cell.bottom:ge(text.bottom + 12))
    add(cell.height:eq(0, 1))
    s.cell[i], s.avatar[i], s.text[i] = cell, avatar, text
  end
  s.toolbar = engine:stack_view({ distribution = tether.distribution.fill_equally, spacing = 8,
                                  identifier = "toolbar" })
  s.root:add_subview(s.toolbar)
  s.toolbar:set_translates_autoresizing_mask(false)
  s.button = {}
  for i, b in ipairs(BUTTONS) do
    local button = engine:view(nil, b[1])
    button:set_intrinsic_content_size(b[2], 36)
    s.toolbar:add_arranged_subview(button)
    s.button[i] = button
  end
  add(s.header.top:eq(safe.top))
  add(s.header.leading:eq(safe.leading))
  add(s.header.trailing:eq(safe.trailing))
  add(s.header.height:eq(56))
  add(s.title.center_x:eq(s.header.center_x))
  add(s.title.center_y:eq(s.header.center_y))
  add(s.compose.trailing:eq(s.header.trailing_margin))
  add(s.compose.center_y:eq(s.header.center_y))
  add(s.toolbar.leading:eq(safe.leading + 16))
  add(s.toolbar.trailing:eq(safe.trailing - 16))
  add(s.toolbar.bottom:eq(safe.bottom - 8))
  add(s.toolbar.height:eq(44))
  add(s.feed.top:eq(s.header.bottom))
  add(s.feed.bottom:eq(s.toolbar.top - 8))
  add(s.feed.leading:eq(safe.leading))
  add(s.feed.trailing:eq(safe.trailing))
  add(s.cells.top:eq(s.feed.top + 8))
  add(s.cells.leading:eq(s.feed.leading + 8))
  add(s.cells.trailing:eq(s.feed.trailing - 8))
  engine:activate(made)
  return s
end

-- What feed_example prints: name, x, y, width, height in screen coordinates.
local EXPECTED = {
  portrait = {
    { "header", 0, 47, 390, 56 }, { "title", 135, 64, 120, 22 }, { "compose", 338, 53, 44, 44 },
    { "feed", 0, 103, 390, 647 },
    { "cell1", 8, 111, 374, 64 }, { "avatar1", 20, 123, 40, 40 }, { "text1", 72, 123, 298, 36 },
    { "cell2", 8, 183, 374, 78 }, { "avatar2", 20, 195, 40, 40 }, { "text2", 72, 195, 298, 54 },
    { "cell3", 8, 269, 374, 132 }, { "avatar3", 20, 281, 40, 40 },
    { "text3", 72, 281, 298, 108 },
    { "cells", 8, 111, 374, 290 }, { "toolbar", 16, 758, 358, 44 },
    { "button1", 16, 758, 83.5, 44 }, { "button2", 107.5, 758, 83.5, 44 },
    { "button3", 199, 758, 83.5, 44 }, { "button4", 290.5, 758, 83.5, 44 },
  },
  landscape = {
    { "header", 47, 0, 750, 56 }, { "title", 362, 17, 120, 22 }, { "compose", 745, 6, 44, 44 },
    { "feed", 47, 56, 750, 253 },
    { "cell1", 55, 64, 734, 64 }, { "avatar1", 67, 76, 40, 40 }, { "text1", 119, 76, 658, 18 },
    { "cell2", 55, 136, 734, 64 }, { "avatar2", 67, 148, 40, 40 },
    { "text2", 119, 148, 658, 36 },
    { "cell3", 55, 208, 734, 78 }, { "avatar3", 67, 220, 40, 40 },
    { "text3", 119, 220, 658, 54 },
    { "cells", 55, 64, 734, 222 }, { "toolbar", 63, 317, 718, 44 },
    { "button1", 63, 317, 173.5, 44 }, { "button2", 244.5, 317, 173.5, 44 },
    { "button3", 426, 317, 173.5, 44 }, { "button4", 607.5, 317, 173.5, 44 },
  },
}

local function view_named(s, name)
  local kind, index = name:match("^(%a+)(%d)$")
  if kind then return s[kind][tonumber(index)] end
  return s[name]
end

local function check_layout(s, orientation, width, height, insets, conflicts)
  s.root:set_frame({ 0, 0, width, height })
  s.root:set_safe_area_insets(unpack(insets))
  s.root:layout()
  for _, row in ipairs(EXPECTED[orientation]) do
    local view = view_named(s, row[1])
    assert.are.same({ row[2], row[3], row[4], row[5] }, { view:screen_frame() }, row[1])
    assert.is_false(view:has_ambiguous_layout(), row[1])
  end
  assert.are.equal(0, #conflicts)
  assert.are.equal(0, #s.root:broken_constraints())
end

describe("the feed demo screen", function()
  it("lays out to the C demo's frames, portrait then landscape", function()
    local engine = tether.Engine()
    local conflicts = {}
    engine:on_diagnostic(function(message) conflicts[#conflicts + 1] = message end)
    local s = build(engine)
    check_layout(s, "portrait", 390, 844, { 47, 0, 34, 0 }, conflicts)
    check_layout(s, "landscape", 844, 390, { 0, 47, 21, 47 }, conflicts)
    local svg = s.root:svg()
    assert.truthy(svg:find("^<svg") or svg:find("<svg"))
    engine:free()
  end)
end)
