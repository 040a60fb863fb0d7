-- Animations as SVG: stills at a clock time, sample times, animated documents (SMIL <animate>)
-- and frame sequences, through the binding; bad frame rates, repeat counts and options.
local tether = require("tether")

local function raises(status_name, fn)
  local ok, err = pcall(fn)
  assert.is_false(ok, "expected " .. status_name)
  assert.are.equal(tether.Error, getmetatable(err), tostring(err))
  assert.are.equal(status_name, err.name)
  assert.is_true(#err.message > 0, "Tether's message")
  return err
end

-- A plain Lua error (not a tether.Error) whose text contains `needle`.
local function lua_error(needle, fn)
  local ok, err = pcall(fn)
  assert.is_false(ok, "expected an error about " .. needle)
  assert.are.equal("string", type(err), tostring(err))
  assert.truthy(err:find(needle, 1, true), err)
end

local function near(a, b) return math.abs(a - b) <= 1e-9 * math.max(1, math.abs(b)) end

local function read(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("*a")
  f:close()
  return text
end

-- The box's rect in a document (the only view at depth 1): x, y, width, height as numbers, and
-- the rect's whole element (with its <animate> children, if any).
local function box_rect(document)
  local element = document:match('<rect class="view[^"]*"[^>]- data%-depth="1"[^>]*>.-</rect>')
  assert.truthy(element, "the box's rect")
  local x, y, w, hh = element:match(' x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)"')
  return tonumber(x), tonumber(y), tonumber(w), tonumber(hh), element
end

-- A 100x50 box in a 400x300 root, its leading edge moved from 0 to 200 inside a linear 1 s
-- block started at clock 2 (so that "the clock" and "0" differ).
local function moving_box()
  local engine = tether.Engine()
  local root = engine:view({ 0, 0, 400, 300 }, "root")
  local box = root:subview("box")
  local lead = box.leading:eq(root.leading)
  engine:activate({ lead, box.top:eq(root.top + 10), box.width:eq(100), box.height:eq(50) })
  root:layout()
  engine:advance(2)
  tether.animate({ duration = 1, curve = "linear" }, function()
    lead:set_constant(200)
    root:layout()
  end)
  assert.are.same({ 200, 10, 100, 50 }, { box:frame() })
  assert.are.equal(3, box:animation_end_time())
  return engine, root, box
end

describe("animated SVG", function()
  it("samples from the clock to the end of the last animation", function()
    local engine, root, box = moving_box()
    local times = root:sample_times(10)
    assert.are.equal(11, #times)
    assert.are.equal(engine:clock(), times[1])
    assert.are.equal(2, times[1])
    assert.are.equal(box:animation_end_time(), times[11])
    for k = 1, 11 do
      assert.is_true(near(times[k], 2 + (k - 1) / 10), k .. ": " .. times[k])
      assert.are.equal("number", type(times[k]))
    end
    assert.are.equal(61, #root:sample_times()) -- 60 frames per second by default
    assert.are.equal(2, engine:clock(), "sampling never moves the clock")
    local still = engine:view({ 0, 0, 10, 10 })
    assert.are.same({ 2 }, still:sample_times(10), "nothing animates: the clock alone")
    engine:free()
  end)

  it("draws a still at a presentation time", function()
    local engine, root, box = moving_box()
    local x, y, w, hh = box_rect(root:svg({ time = 2.5 }))
    assert.are.same({ 100, 10, 100, 50 }, { x, y, w, hh }) -- halfway along the linear curve
    assert.are.same({ box:presentation_frame_at(2.5) }, { x, y, w, hh })
    x = box_rect(root:svg({ time = 2.25 }))
    assert.is_true(near(x, 50), tostring(x))
    assert.are.equal(200, (box_rect(root:svg())), "without a time: the model frame")
    assert.are.equal(0, (box_rect(root:svg({ time = engine:clock() }))))
    assert.are.equal(200, (box_rect(root:svg({ time = 10 }))), "after the end: the model frame")
    -- Drawing options still apply beside the time; write_svg writes the same still.
    assert.truthy(root:svg({ time = 2.5, scale = 2 }):find('width="832"', 1, true))
    local path = os.tmpname()
    root:write_svg(path, { time = 2.5 })
    local written = read(path)
    os.remove(path)
    assert.are.equal(root:svg({ time = 2.5 }), written)
    assert.are.equal(2, engine:clock())
    raises("TETHER_E_INVALID_ARGUMENT", function() root:svg({ time = 0 / 0 }) end)
    raises("TETHER_E_INVALID_ARGUMENT", function() root:svg({ time = math.huge }) end)
    lua_error("time is a number", function() root:svg({ time = "2.5" }) end)
    lua_error("unknown option 'tme'", function() root:svg({ tme = 2.5 }) end)
    engine:free()
  end)

  it("plays the animation with SMIL <animate> elements", function()
    local engine, root = moving_box()
    local once = root:animated_svg({ fps = 10 })
    local x, y, w, hh, rect = box_rect(once)
    assert.are.same({ 0, 10, 100, 50 }, { x, y, w, hh }, "drawn at the clock")
    local animate = rect:match("<animate [^>]*/>")
    assert.truthy(animate, rect)
    assert.truthy(animate:find('attributeName="x"', 1, true), animate)
    assert.truthy(animate:find('dur="1s"', 1, true), animate)
    assert.truthy(animate:find('fill="freeze"', 1, true), animate)
    assert.falsy(animate:find("repeatCount", 1, true), "played once: " .. animate)
    local values = {}
    for v in animate:match('values="([^"]+)"'):gmatch("[^;]+") do
      values[#values + 1] = tonumber(v)
    end
    assert.are.equal(11, #values)
    for k = 1, 11 do assert.is_true(near(values[k], 20 * (k - 1)), k .. ": " .. values[k]) end
    assert.are.equal(1, select(2, rect:gsub("<animate ", "")), "x alone moves")
    assert.falsy(once:find('attributeName="y"', 1, true))
    assert.falsy(once:find('attributeName="width"', 1, true))
    -- The root does not move: its rect has no <animate>.
    local root_rect = once:match('<rect class="view[^"]*"[^>]- data%-depth="0"[^>]*>.-</rect>')
    assert.falsy(root_rect:find("<animate", 1, true), root_rect)

    local forever = root:animated_svg({ fps = 10, repeat_count = math.huge })
    assert.truthy(forever:find('<animate attributeName="x"', 1, true))
    assert.truthy(forever:find('repeatCount="indefinite"', 1, true))
    local thrice = root:animated_svg({ fps = 10, repeat_count = 3 })
    assert.truthy(thrice:find('repeatCount="3"', 1, true))
    assert.truthy(root:animated_svg({ fps = 10, ["repeat"] = 2.5 })
      :find('repeatCount="2.5"', 1, true), "repeat, spelt as a key")
    assert.truthy(root:animated_svg({ fps = 10, scale = 2 }):find('width="832"', 1, true))
    assert.are.equal(root:animated_svg(), root:animated_svg({ fps = 60 }), "60 by default")
    assert.are.equal(2, engine:clock())

    -- The file holds the same bytes as the string.
    local path = os.tmpname()
    root:write_animated_svg(path, { fps = 10, repeat_count = math.huge })
    local written = read(path)
    os.remove(path)
    assert.are.equal(forever, written)
    raises("TETHER_E_IO", function()
      root:write_animated_svg("/nonexistent-dir/tether/anim.svg", { fps = 10 })
    end)

    -- Once the clock passes the end nothing animates: the still at the model frames.
    engine:advance(1)
    local done = root:animated_svg({ fps = 10 })
    assert.falsy(done:find("<animate", 1, true))
    assert.are.equal(200, (box_rect(done)))
    engine:free()
  end)

  it("gives one still per sample time", function()
    local engine, root, box = moving_box()
    local frames = root:svg_frames(10)
    local times = root:sample_times(10)
    assert.are.equal(11, #frames)
    for k, frame in ipairs(frames) do
      assert.are.equal(times[k], frame.time)
      assert.are.equal(root:svg({ time = frame.time }), frame.svg)
      local x = box_rect(frame.svg)
      assert.is_true(near(x, (box:presentation_frame_at(frame.time))), k .. ": " .. x)
    end
    assert.are.equal(0, (box_rect(frames[1].svg)))
    assert.are.equal(200, (box_rect(frames[11].svg)))
    local scaled = root:svg_frames(4, { scale = 2 })
    assert.are.equal(5, #scaled)
    assert.truthy(scaled[3].svg:find('width="832"', 1, true))
    assert.are.equal(100, (box_rect(scaled[3].svg)))
    lua_error("unknown option 'time'", function() root:svg_frames(10, { time = 2 }) end)
    assert.are.equal(2, engine:clock())
    engine:free()
  end)

  it("raises Tether's error for a bad frame rate and stays usable", function()
    local engine, root = moving_box()
    for _, fps in ipairs({ 0, -10, 0 / 0, math.huge }) do
      raises("TETHER_E_INVALID_ARGUMENT", function() root:sample_times(fps) end)
      raises("TETHER_E_INVALID_ARGUMENT", function() root:animated_svg({ fps = fps }) end)
      raises("TETHER_E_INVALID_ARGUMENT", function() root:svg_frames(fps) end)
      local path = os.tmpname()
      os.remove(path)
      raises("TETHER_E_INVALID_ARGUMENT", function()
        root:write_animated_svg(path, { fps = fps })
      end)
      assert.is_nil(io.open(path, "rb"), "nothing written when drawing fails")
    end
    raises("TETHER_E_INVALID_ARGUMENT", function() root:sample_times(1e6) end) -- > 100,000
    assert.are.same({ 2, 3 }, root:sample_times(1e-3), "a slow rate: the clock and the end")
    raises("TETHER_E_INVALID_ARGUMENT", function()
      root:animated_svg({ fps = 10, padding = -1 })
    end)
    lua_error("fps is a number", function() root:sample_times("10") end)
    -- Still usable.
    assert.are.equal(11, #root:sample_times(10))
    assert.truthy(root:animated_svg({ fps = 10 }):find("<animate", 1, true))
    engine:free()
  end)

  it("refuses a repeat count that is not > 0 instead of clamping it", function()
    local engine, root = moving_box()
    local path = os.tmpname()
    os.remove(path)
    for _, count in ipairs({ 0, -1, -0.5, 0 / 0, -math.huge }) do
      lua_error("repeat_count must be greater than 0", function()
        root:animated_svg({ fps = 10, repeat_count = count })
      end)
      lua_error("repeat_count must be greater than 0", function()
        root:animated_svg({ fps = 10, ["repeat"] = count })
      end)
      lua_error("repeat_count must be greater than 0", function()
        root:write_animated_svg(path, { fps = 10, repeat_count = count })
      end)
      assert.is_nil(io.open(path, "rb"), "nothing written")
    end
    lua_error("repeat_count is a number", function()
      root:animated_svg({ repeat_count = "forever" })
    end)
    lua_error("not both", function() root:animated_svg({ repeat_count = 2, ["repeat"] = 2 }) end)
    lua_error("unknown option 'time'", function() root:animated_svg({ time = 2.5 }) end)
    lua_error("unknown option 'frames'", function() root:animated_svg({ frames = 10 }) end)
    local one = root:animated_svg({ fps = 10, repeat_count = 1 })
    assert.truthy(one:find('repeatCount="1"', 1, true))
    engine:free()
  end)
end)
