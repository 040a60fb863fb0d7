-- Errors, lifetimes (gc and explicit free), the solver round trip, and the rest of the view
-- model: VFL, autoresizing masks, conflicts, measure failures, documents.
local tether = require("tether")

local function raises(status_name, fn)
  local ok, err = pcall(fn)
  assert.is_false(ok, "expected " .. status_name)
  assert.are.equal(tether.Error, getmetatable(err), tostring(err))
  assert.are.equal(status_name, err.name)
  assert.are.equal("number", type(err.status))
  assert.truthy(tostring(err):find(status_name, 1, true))
  return err
end

describe("errors", function()
  it("carry Tether's message, and the engine stays usable", function()
    local engine = tether.Engine()
    local root = engine:view({ 0, 0, 100, 100 })
    local box = root:subview("box")
    local err = raises("TETHER_E_INVALID_ARGUMENT", function() box.leading:eq(root.width) end)
    assert.truthy(err.message:find("Invalid pairing of layout attributes", 1, true))
    raises("TETHER_E_INVALID_ARGUMENT", function() box.width:eq(0 / 0) end)
    raises("TETHER_E_INVALID_ARGUMENT", function() box.width:eq(10, 2000) end)
    local parse = raises("TETHER_E_PARSE", function()
      engine:constraints_with_visual_format("H:|-[box", { box = box })
    end)
    assert.truthy(parse.message:find("Unable to parse constraint format", 1, true))
    -- Still usable after the failures.
    engine:activate({ box.leading:eq(root.leading + 10), box.top:eq(root.top + 5),
                      box.width:eq(root.width * 0.5), box.height:eq(20) })
    root:layout()
    assert.are.same({ 10, 5, 50, 20 }, { box:frame() })
    engine:free()
  end)

  it("raise from a freed view and a freed engine", function()
    local engine = tether.Engine()
    local root = engine:view({ 0, 0, 10, 10 })
    local child = root:subview("child")
    child:free()
    raises("TETHER_E_INVALID_ID", function() child:frame() end)
    engine:free()
    raises("TETHER_E_INVALID_HANDLE", function() root:frame() end)
  end)

  it("report a failing measure function and let the next pass succeed", function()
    local engine = tether.Engine()
    local root = engine:view({ 0, 0, 200, 100 })
    local label = root:subview("label")
    engine:activate({ label.leading:eq(root.leading), label.top:eq(root.top) })
    local fail = true
    label:set_measure(function(_, _)
      if fail then error("measuring failed on purpose") end
      return 30, 12
    end)
    local err = raises("TETHER_E_CALLBACK_FAILED", function() root:layout() end)
    assert.truthy(err.message:find("measuring failed on purpose", 1, true))
    fail = false
    root:layout()
    assert.are.same({ 0, 0, 30, 12 }, { label:frame() })
    engine:free()
  end)
end)

describe("lifetimes", function()
  it("free explicitly, twice, then collect", function()
    local engine = tether.Engine()
    local root = engine:view({ 0, 0, 10, 10 })
    root:subview("a"):set_measure(function() return 1, 1 end)
    root:layout()
    engine:free()
    engine:free()
    engine = nil
    collectgarbage(); collectgarbage()
    local solver = tether.Solver()
    solver:variable("x")
    solver:free()
    solver:close()
    collectgarbage(); collectgarbage()
  end)

  it("leaves engines and solvers to the garbage collector", function()
    local alive = setmetatable({}, { __mode = "k" })
    for _ = 1, 200 do
      local engine = tether.Engine()
      local root = engine:view({ 0, 0, 10, 10 })
      -- A measure function and a handler that capture the engine's objects: no cycle through
      -- the callbacks (GC roots) keeps the engine alive.
      root:subview("m"):set_measure(function() return root:frame() and 2, 2 end)
      engine:on_diagnostic(function(m) return engine, m end)
      root:layout()
      local solver = tether.Solver()
      local x = solver:variable("x")
      solver:add(x:eq(1))
      alive[engine], alive[solver] = true, true
    end
    collectgarbage(); collectgarbage()
    assert.are.equal(nil, next(alive))
    local engine = tether.Engine() -- still works after the finalizers ran
    local root = engine:view({ 0, 0, 10, 10 })
    root:layout()
  end)
end)

describe("the solver", function()
  it("round trip: constraints with priorities, edit variables, suggest, values", function()
    local solver = tether.Solver()
    local left, right, mid = solver:variable("left"), solver:variable("right"),
                             solver:variable("mid")
    solver:add((left + right):eq(mid * 2), left:ge(0), right:le(100), (right - left):ge(10),
               left:eq(40, 250))
    solver:update()
    assert.are.equal(40, left:value())
    solver:add_edit(mid, 999)
    solver:suggest(mid, 3)
    solver:update()
    -- mid wants 3, but the required right - left >= 10 with left >= 0 holds it at 5.
    assert.are.same({ 0, 5, 10 }, { left:value(), mid:value(), right:value() })
    local err = raises("TETHER_E_UNSATISFIABLE", function() solver:add(left:eq(-5)) end)
    assert.truthy(#err.message > 0)
    assert.truthy(#solver:conflict() > 0)
    solver:remove_edit(mid)
    solver:update()
    assert.are.equal(40, left:value())
    solver:free()
  end)
end)

describe("the view model", function()
  it("visual format, autoresizing masks, conflicts and documents", function()
    local engine = tether.Engine()
    local messages = {}
    engine:on_diagnostic(function(m) messages[#messages + 1] = m end)
    local root = engine:view({ 0, 0, 300, 200 }, "root")
    local a, b = root:subview("a"), root:subview("b")
    engine:activate(engine:constraints_with_visual_format("H:|-(m)-[a(==b)]-[b]-(m)-|",
                                                          { a = a, b = b }, { m = 20 }))
    engine:activate(engine:constraints_with_visual_format("V:|-[a(40)]", { a = a }))
    engine:activate({ b.top:eq(a.top), b.height:eq(a.height) })
    root:layout()
    local ax, _, aw = a:frame()
    assert.are.equal(20, ax)
    assert.are.equal((300 - 40 - 8) / 2, aw)

    local sized = engine:view({ 10, 20, 100, 50 }, "sized")
    root:add_subview(sized)
    sized:set_autoresizing_mask(tether.autoresizing.flexible_width)
    assert.are.equal(4, #sized:constraints_equivalent_to_autoresizing_mask())
    root:set_frame({ 0, 0, 400, 200 })
    root:layout()
    assert.are.same({ 10, 20, 200, 50 }, { sized:frame() })

    local c = a.width:eq(10)
    c:activate()
    root:layout()
    assert.truthy(#messages > 0)
    assert.truthy(#root:broken_constraints() > 0)
    c:free()

    local json = root:save_document()
    local other = tether.Engine()
    local roots = other:load_document(json)
    assert.are.equal(1, #roots)
    roots[1]:layout()
    assert.are.equal(#root:subviews(), #roots[1]:subviews())
    raises("TETHER_E_PARSE", function() other:load_document("{}") end)
    assert.are.equal(1, #other:load_document(json)) -- still usable after the parse error
    other:free()
    engine:free()
  end)
end)
