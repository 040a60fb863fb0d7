-- Animation: blocks around a layout, presentation frames along Core Animation's curves (checked
-- against a Bézier solved here), completions, the clock, and bad input.
local tether = require("tether")

local function raises(status_name, fn)
  local ok, err = pcall(fn)
  assert.is_false(ok, "expected " .. status_name)
  assert.are.equal(tether.Error, getmetatable(err), tostring(err))
  assert.are.equal(status_name, err.name)
  assert.is_true(#err.message > 0, "Tether's message")
  return err
end

-- Core Animation's cubic timing function (x1, y1, x2, y2) at elapsed fraction x, solved by
-- bisection on the curve parameter, independently of the library.
local function bezier_progress(x1, y1, x2, y2, x)
  local function coord(t, a, b)
    local u = 1 - t
    return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
  end
  local lo, hi = 0, 1
  for _ = 1, 200 do
    local mid = (lo + hi) / 2
    if coord(mid, x1, x2) < x then lo = mid else hi = mid end
  end
  return coord((lo + hi) / 2, y1, y2)
end
local function ease_in_out(x) return bezier_progress(0.42, 0, 0.58, 1, x) end

local function near(a, b) return math.abs(a - b) <= 1e-9 * math.max(1, math.abs(b)) end

-- A root with a 40x20 box `lead` points from its leading edge, laid out once at x = 0.
local function mover()
  local engine = tether.Engine()
  local root = engine:view({ 0, 0, 400, 300 })
  local box = root:subview("box")
  local lead = box.leading:eq(root.leading)
  engine:activate({ lead, box.top:eq(root.top + 10), box.width:eq(40), box.height:eq(20) })
  root:layout()
  assert.are.same({ 0, 10, 40, 20 }, { box:frame() })
  local m = { engine = engine, root = root, box = box, lead = lead }
  function m.move_to(x)
    return function() lead:set_constant(x); root:layout() end
  end
  function m.x()
    local x, y, w, hh = box:presentation_frame()
    assert.are.same({ 10, 40, 20 }, { y, w, hh }, "only x moves")
    return x
  end
  return m
end

-- An on_complete function that records its calls.
local function recorder()
  local calls = {}
  return calls, function(finished) calls[#calls + 1] = finished end
end

describe("tether.animate", function()
  it("moves a laid-out view along ease-in-out, and completes once", function()
    local m = mover()
    local calls, done = recorder()
    tether.animate({ duration = 1, on_complete = done }, m.move_to(100))
    assert.are.same({ 100, 10, 40, 20 }, { m.box:frame() }) -- the model frame, at once
    assert.are.equal(0, m.x())                              -- shown where it was
    assert.is_true(m.box:is_animating())
    assert.is_true(m.engine:has_running_animations())
    assert.are.equal(1, m.box:animation_end_time())
    m.engine:advance(0.25)
    local quarter = 100 * ease_in_out(0.25)
    assert.is_true(quarter < 20, "ease-in-out lags linear at a quarter")
    assert.is_true(near(m.x(), quarter), m.x() .. " vs " .. quarter)
    m.engine:advance(0.25)
    assert.are.equal(0.5, m.engine:clock())
    assert.is_true(near(m.x(), 100 * ease_in_out(0.5)))
    local step = 1e-6
    local slope = (ease_in_out(0.5 + step) - ease_in_out(0.5 - step)) / (2 * step)
    local vx, vy, vw, vh = m.box:presentation_velocity()
    assert.is_true(math.abs(vx - 100 * slope) < 1e-4, vx .. " vs " .. 100 * slope)
    assert.are.same({ 0, 0, 0 }, { vy, vw, vh })
    for _, at in ipairs({ 0.1, 0.8, 0.95 }) do
      local x = m.box:presentation_frame_at(at)
      assert.is_true(near(x, 100 * ease_in_out(at)), "at " .. at)
    end
    assert.are.same({}, calls)
    m.engine:advance(0.75)
    assert.are.same({ true }, calls)
    assert.are.equal(100, m.x())
    assert.is_false(m.box:is_animating())
    assert.is_false(m.engine:has_running_animations())
    m.engine:advance(5)
    m.engine:set_clock(20)
    assert.are.same({ true }, calls)
    m.engine:free()
  end)

  it("reaches exactly the midpoint with a linear curve, by name or constant", function()
    for _, curve in ipairs({ "linear", tether.curve.LINEAR }) do
      local m = mover()
      tether.animate({ duration = 1, curve = curve }, m.move_to(100))
      m.engine:advance(0.5)
      assert.are.equal(50, m.x())
      assert.is_true(near((m.box:presentation_frame_at(0.75)), 75))
      m.engine:free()
    end
    assert.are.same({ EASE_IN_OUT = 0, EASE_IN = 1, EASE_OUT = 2, LINEAR = 3 }, tether.curve)
  end)

  it("waits for the delay and nests frames with presentation_frame_in", function()
    local m = mover()
    tether.animate({ duration = 1, delay = 0.5, curve = "linear" }, m.move_to(100))
    assert.are.equal(1.5, m.box:animation_end_time())
    m.engine:advance(0.25)
    assert.are.equal(0, m.x())
    m.engine:advance(0.75)
    assert.are.equal(50, m.x())
    local child = m.box:subview("child")
    m.engine:activate({ child.leading:eq(m.box.leading + 5), child.top:eq(m.box.top + 2),
                        child.width:eq(10), child.height:eq(8) })
    tether.perform_without_animation(function() m.root:layout() end)
    assert.are.same({ 5, 2, 10, 8 }, { child:presentation_frame() })
    assert.are.same({ 55, 12, 10, 8 }, { child:presentation_frame_in(m.root) })
    assert.are.same({ { view = m.box, x = 50, y = 10, width = 40, height = 20 },
                      { view = child, x = 5, y = 2, width = 10, height = 8 } },
                    m.box:subtree_presentation_frames())
    local other = m.engine:view({ 0, 0, 10, 10 })
    raises("TETHER_E_INVALID_STATE", function() child:presentation_frame_in(other) end)
    m.engine:free()
  end)

  it("completes with finished = false when the view is freed or its animations removed", function()
    local m = mover()
    local calls, done = recorder()
    tether.animate({ duration = 1, on_complete = done }, m.move_to(100))
    m.box:free()
    assert.are.same({}, calls)
    m.engine:advance(0.1)
    assert.are.same({ false }, calls)
    m.engine:advance(2)
    assert.are.same({ false }, calls)
    m.engine:free()

    local n = mover()
    local removed, on_removed = recorder()
    tether.animate({ duration = 1, on_complete = on_removed }, n.move_to(100))
    n.engine:advance(0.5)
    n.box:remove_all_animations()
    assert.are.equal(100, n.x())
    n.engine:advance(0)
    assert.are.same({ false }, removed)
    local all, on_all = recorder()
    tether.animate({ duration = 1, on_complete = on_all }, n.move_to(0))
    n.engine:remove_all_animations()
    assert.are.equal(0, n.x())
    n.engine:advance(0)
    assert.are.same({ false }, all)
    n.engine:free()

    -- Freeing the engine runs the completions of what it stops.
    local o = mover()
    local freed, on_freed = recorder()
    tether.animate({ duration = 1, on_complete = on_freed }, o.move_to(100))
    o.engine:advance(0.5)
    o.engine:free()
    assert.are.same({ false }, freed)
    o.engine:free()
    assert.are.same({ false }, freed)
  end)

  it("makes a zero-duration block immediate, completing inside the commit", function()
    local m = mover()
    local calls, done = recorder()
    tether.animate({ on_complete = done }, m.move_to(100))
    assert.are.same({ true }, calls)
    assert.are.equal(100, m.x())
    assert.is_false(m.box:is_animating())
    assert.is_false(m.engine:has_running_animations())
    local nothing, on_nothing = recorder()
    tether.animate({ duration = 1, on_complete = on_nothing }, function() end)
    assert.are.same({ true }, nothing)
    m.engine:advance(2)
    assert.are.same({ true }, calls)
    m.engine:free()
  end)

  it("inherits the enclosing duration unless overridden; nothing animates without animation", function()
    local m = mover()
    local seen = {}
    tether.animate({ duration = 2 }, function()
      seen.outer = tether.inherited_animation_duration()
      tether.animate({ duration = 0.5 }, function()
        seen.inner = tether.inherited_animation_duration()
        m.move_to(100)()
      end)
      tether.animate({ duration = 0.5, override_inherited_duration = true }, function()
        seen.overridden = tether.inherited_animation_duration()
      end)
      tether.perform_without_animation(function()
        seen.without = tether.inherited_animation_duration()
      end)
    end)
    assert.are.same({ outer = 2, inner = 2, overridden = 0.5, without = 0 }, seen)
    assert.are.equal(2, m.box:animation_end_time())
    assert.are.equal(0, tether.inherited_animation_duration())
    m.engine:advance(3)
    tether.animate({ duration = 1 }, function()
      tether.perform_without_animation(m.move_to(0))
    end)
    assert.are.equal(0, m.x())
    assert.is_false(m.box:is_animating())
    m.engine:free()
  end)

  it("moves a critically damped spring steadily to its end", function()
    local m = mover()
    local calls, done = recorder()
    tether.animate({ duration = 1, spring = { damping = 1 }, on_complete = done }, m.move_to(100))
    local finish = m.box:animation_end_time()
    assert.is_true(finish > 0)
    local last = 0
    for i = 1, 8 do
      m.engine:set_clock(finish * i / 10)
      local x = m.x()
      assert.is_true(x > last and x < 100, ("%g after %g"):format(x, last))
      last = x
    end
    assert.are.same({}, calls)
    m.engine:set_clock(finish + 0.01)
    assert.are.same({ true }, calls)
    assert.are.equal(100, m.x())
    m.engine:free()
  end)

  it("raises Tether's errors for bad input and stays usable", function()
    local m = mover()
    local ran = false
    local never, on_never = recorder()
    for _, opts in ipairs({
      { duration = -1 }, { duration = math.huge }, { duration = 1, delay = -0.5 },
      { duration = 1, curve = 99 }, { duration = 1, spring = { damping = 0 } },
      { duration = 1, spring = { damping = 1, velocity = 0 / 0 } },
    }) do
      opts.on_complete = on_never
      raises("TETHER_E_INVALID_ARGUMENT", function()
        tether.animate(opts, function() ran = true end)
      end)
    end
    local err = raises("TETHER_E_INVALID_ARGUMENT", function()
      tether.animate({ duration = -1 }, function() end)
    end)
    assert.truthy(err.message:lower():find("duration", 1, true), err.message)
    assert.is_false(ran, "the function of a refused block ran")
    -- Misuse of the Lua options is a plain Lua error, before anything reaches C.
    assert.has_error(function() tether.animate({ duraton = 1 }, function() end) end,
                     "tether.animate: unknown option 'duraton'")
    assert.has_error(function() tether.animate({ curve = "bouncy" }, function() end) end,
                     "tether.animate: unknown curve 'bouncy'")
    raises("TETHER_E_INVALID_ARGUMENT", function() m.engine:advance(-1) end)
    raises("TETHER_E_INVALID_ARGUMENT", function() m.engine:advance(0 / 0) end)
    m.engine:advance(1)
    raises("TETHER_E_INVALID_ARGUMENT", function() m.engine:set_clock(0.5) end)
    assert.are.equal(1, m.engine:clock())
    raises("TETHER_E_INVALID_STATE", function() tether.check(tether.C.tether_animation_commit()) end)
    local open = require("ffi").new("uint32_t[1]")
    tether.check(tether.C.tether_animation_open_blocks(open))
    assert.are.equal(0, open[0])
    -- Still usable; no completion of a refused block ever runs.
    local calls, done = recorder()
    tether.animate({ duration = 1, curve = "linear", on_complete = done }, m.move_to(100))
    m.engine:advance(0.5)
    assert.are.equal(50, m.x())
    m.engine:advance(1)
    assert.are.same({ true }, calls)
    assert.are.same({}, never)
    m.engine:free()
  end)

  it("commits when the function raises, and raises a completion's error after the call", function()
    local m = mover()
    local calls, done = recorder()
    local ok, err = pcall(tether.animate, { on_complete = done }, function()
      error({ mine = true })
    end)
    assert.is_false(ok)
    assert.are.same({ mine = true }, err)
    assert.are.same({ true }, calls) -- the commit ran the zero-duration completion
    local open = require("ffi").new("uint32_t[1]")
    tether.check(tether.C.tether_animation_open_blocks(open))
    assert.are.equal(0, open[0])

    local second, on_second = recorder()
    tether.animate({ duration = 1, on_complete = function() error("in the completion", 0) end },
                   m.move_to(100))
    m.engine:advance(0.5)
    tether.animate({ duration = 1, on_complete = on_second }, m.move_to(0))
    ok, err = pcall(m.engine.advance, m.engine, 2)
    assert.is_false(ok)
    assert.are.equal("in the completion", err)
    assert.are.same({ true }, second) -- the other completion of that advance still ran
    assert.are.equal(2.5, m.engine:clock())
    tether.animate({ duration = 1, curve = "linear" }, m.move_to(100))
    m.engine:advance(0.5)
    assert.are.equal(50, m.x())

    -- A completion raising inside engine:free is raised by free, after the engine is freed.
    tether.animate({ duration = 1, on_complete = function(finished)
      error("freed: " .. tostring(finished), 0)
    end }, m.move_to(0))
    ok, err = pcall(m.engine.free, m.engine)
    assert.is_false(ok)
    assert.are.equal("freed: false", err)
    raises("TETHER_E_INVALID_HANDLE", function() m.engine:clock() end)
  end)

  it("runs every completion from advance called in a hot loop", function()
    -- advance runs Lua callbacks from C, so it must stay out of JIT traces (jit.off): a hot loop
    -- of advances is where a trace would form. 200 blocks end 0.01 s apart.
    local engine = tether.Engine()
    local root = engine:view({ 0, 0, 400, 300 })
    local boxes = {}
    for i = 1, 200 do
      local box = engine:view({ 0, 0, 10, 10 })
      root:add_subview(box)
      boxes[i] = box
    end
    local done = 0
    for i, box in ipairs(boxes) do
      tether.animate({ duration = 0.01 * i, on_complete = function() done = done + 1 end },
                     function() box:set_frame({ 100, 0, 10, 10 }) end)
    end
    for _ = 1, 500 do engine:advance(0.005) end -- to 2.5 s, past the last end (2 s)
    assert.are.equal(200, done)
    engine:free()
  end)

  it("shares one C callback among many blocks, and lets collected engines run theirs", function()
    local finished = 0
    for _ = 1, 2000 do
      local m = mover()
      tether.animate({ duration = 1, on_complete = function() finished = finished + 1 end },
                     m.move_to(10))
      m.engine:advance(2)
      m.engine:free()
    end
    assert.are.equal(2000, finished)
    -- (a callback per block would run out of LuaJIT's slots long before 2,000.)
    -- An engine dropped mid-animation: the collector frees it and the completion runs then.
    local stopped
    do
      local m = mover()
      tether.animate({ duration = 1, on_complete = function(f) stopped = f end }, m.move_to(10))
    end
    collectgarbage(); collectgarbage()
    assert.are.equal(false, stopped)
  end)
end)
