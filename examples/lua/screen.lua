--[[
screen.lua: a phone screen laid out with Auto Layout constraints, through the LuaJIT binding
(bindings/lua, README.md there): the Lua twin of examples/c/screen_example.c.

    +-------------------------------+  header: top, leading and trailing of the screen,
    |  [title]          header      |          64 high; its title 16 from its leading edge,
    +-------------------------------+          120 x 24, centred vertically
    |   +-----------------------+   |  content: 8 below the header, 8 above the footer,
    |   |        content        |   |           inside the screen's layout margins
    |   +-----------------------+   |
    |   +-----------------------+   |  footer: at the bottom, inside the margins, 49 high
    |   |        footer         |   |
    +---+-----------------------+---+  layout margins: 8 top and bottom, 16 left and right

The screen is laid out in portrait, then in landscape, then with the engine's default direction
right-to-left (leading becomes the right edge: the title moves to the right). Frames are read
back view by view, printed in the C example's format and checked against numbers worked out by
hand. The program exits non-zero on any difference or when a call raises a Tether error (its
status and message go to stderr).

Run (after `make release`), from the repository's root or from examples/lua:

    luajit examples/lua/screen.lua
    TETHER_LIBRARY=/usr/local/lib/libtether.so luajit examples/lua/screen.lua   -- another build

`make test-lua` runs it beside the C example: the two must print the same frame tables
(scripts/compare_screen_example.py).
]]

-- The binding lives in bindings/lua, two folders up from this file. Copied elsewhere, point
-- package.path at your copy of bindings/lua instead. The library is $TETHER_LIBRARY, else this
-- checkout's .build/release/libtether.so, else the system's libtether (the binding's README).
local here = debug.getinfo(1, "S").source:match("^@(.*)[/\\]") or "."
package.path = here .. "/../../bindings/lua/?.lua;" .. package.path
local tether = require("tether")

io.stdout:setvbuf("line") -- the tables and an error on stderr come out in order in a pipe

-- The views in the order they are made, which is the order of the screen's subtree too (a view,
-- then its subviews depth-first).
local NAMES = { "screen", "header", "title", "content", "footer" }

-- Whether two numbers agree to 1e-9 (a NaN never does).
local function near(a, b) return math.abs(a - b) <= 1e-9 end

-- The view and its subviews, depth-first: the order in which the table lists them.
local function subtree(view, list)
  list = list or {}
  list[#list + 1] = view
  for _, child in ipairs(view:subviews()) do subtree(child, list) end
  return list
end

-- Lays the screen out, prints every frame of its subtree and compares them with `expected`
-- ({x, y, width, height} per view, in subtree order). Returns false when one differs.
local function layout_and_check(title, views, expected)
  local screen, right = views[1], true
  screen:layout()
  print(title)
  print(string.format("  %-8s %8s %8s %8s %8s", "view", "x", "y", "width", "height"))
  local list = subtree(screen)
  for i, view in ipairs(list) do
    local name = view:identifier()
    local x, y, width, height = view:frame()
    -- + 0.0 prints a solver's -0 as 0.
    print(string.format("  %-8s %8.2f %8.2f %8.2f %8.2f", name, x + 0.0, y + 0.0, width + 0.0,
                        height + 0.0))
    local e = expected[i]
    if view ~= views[i] then
      io.stderr:write(string.format("  WRONG: view %d of the subtree is %s, expected %s\n",
                                    i - 1, name, NAMES[i] or "none"))
      right = false
    elseif not (near(x, e[1]) and near(y, e[2]) and near(width, e[3]) and near(height, e[4])) then
      io.stderr:write(string.format("  WRONG: %s is (%g, %g, %g, %g), expected (%g, %g, %g, %g)\n",
                                    name, x, y, width, height, e[1], e[2], e[3], e[4]))
      right = false
    end
  end
  if #list ~= #views then
    io.stderr:write(string.format("  WRONG: the subtree has %d views, expected %d\n", #list,
                                  #views))
    right = false
  end
  print()
  return right
end

local function main()
  local engine = tether.Engine() -- freed below, or by the garbage collector if a call raises

  local screen = engine:view({ 0, 0, 375, 667 }, "screen")
  screen:set_layout_margins(8, 16, 8, 16) -- top, left, bottom, right
  -- Subviews are laid out by constraints (they do not translate an autoresizing mask).
  local header = screen:subview("header")
  local title = header:subview("title")
  local content = screen:subview("content")
  local footer = screen:subview("footer")
  local views = { screen, header, title, content, footer }

  -- Constraints from anchors: `a:eq(b + c)` is a == b + c, `a:eq(c)` a constant. Made inactive.
  local constraints = {
    header.top:eq(screen.top),
    header.leading:eq(screen.leading),
    header.trailing:eq(screen.trailing),
    header.height:eq(64),
    title.leading:eq(header.leading + 16),
    title.center_y:eq(header.center_y),
    title.width:eq(120),
    title.height:eq(24),
    footer.bottom:eq(screen.bottom),
    footer.leading:eq(screen.leading_margin),
    footer.trailing:eq(screen.trailing_margin),
    footer.height:eq(49),
    content.top:eq(header.bottom + 8),
    content.bottom:eq(footer.top - 8),
    content.leading:eq(screen.leading_margin),
    content.trailing:eq(screen.trailing_margin),
  }
  -- All at once: either every constraint is activated or none (and the call raises).
  engine:activate(constraints)
  print(string.format("%d constraints, e.g. %s\n", #constraints, constraints[14]:description()))

  local right = true
  -- Portrait 375 x 667: margins 16 left and right, so the content is 375 - 32 = 343 wide; the
  -- footer's top is 667 - 49 = 618, the content runs from 64 + 8 to 618 - 8.
  right = layout_and_check("Portrait, 375 x 667:", views, {
    { 0, 0, 375, 667 }, { 0, 0, 375, 64 }, { 16, 20, 120, 24 }, { 16, 72, 343, 538 },
    { 16, 618, 343, 49 },
  }) and right

  -- Landscape 667 x 375: 635 wide inside the margins, footer at 375 - 49 = 326.
  screen:set_frame({ 0, 0, 667, 375 })
  right = layout_and_check("Landscape, 667 x 375:", views, {
    { 0, 0, 667, 375 }, { 0, 0, 667, 64 }, { 16, 20, 120, 24 }, { 16, 72, 635, 246 },
    { 16, 326, 635, 49 },
  }) and right

  -- Right-to-left: leading is the right edge. The title sits 16 from the header's right edge
  -- (667 - 16 - 120 = 531); everything else is symmetric.
  engine:set_default_direction(tether.direction.right_to_left)
  if title:effective_layout_direction() ~= tether.direction.right_to_left then
    io.stderr:write("  WRONG: the title's effective direction is ",
                    tostring(title:effective_layout_direction()), "\n")
    right = false
  end
  right = layout_and_check("Landscape, right-to-left:", views, {
    { 0, 0, 667, 375 }, { 0, 0, 667, 64 }, { 531, 20, 120, 24 }, { 16, 72, 635, 246 },
    { 16, 326, 635, 49 },
  }) and right

  engine:free() -- now, rather than when the collector gets to it
  return right
end

-- A Tether error (a tether.Error: status name and message) or any other error ends the program
-- with status 1, its message on stderr.
local ok, result = xpcall(main, function(err)
  if getmetatable(err) == tether.Error then return tostring(err) end
  return debug.traceback(tostring(err), 2)
end)
if not ok then
  io.stderr:write("screen.lua: ", result, "\n")
  os.exit(1)
elseif not result then
  io.stderr:write("screen.lua: the layout differs from the hand-computed one\n")
  os.exit(1)
end
print("screen.lua: every frame is as computed by hand")
