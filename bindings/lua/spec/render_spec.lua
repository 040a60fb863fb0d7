-- SVG, fitting sizes, guides and constraint descriptions through the binding.
local tether = require("tether")

describe("drawing and measuring", function()
  it("writes SVG, fits a measured view, reads guides and descriptions", function()
    local engine = tether.Engine()
    local root = engine:view({ 0, 0, 200, 100 }, "root")
    root:set_safe_area_insets(10, 0, 5, 0)
    local safe = root:safe_area_layout_guide() -- made before the pass that lays it out
    local label = root:subview("label")
    label:set_measure(function(_, proposed)
      if proposed ~= proposed then return 140, 20 end
      return math.min(140, proposed), math.ceil(140 / proposed) * 20
    end)
    local c = label.width:le(root.width * 0.5 - 20, 999):set_identifier("half")
    engine:activate({ label.leading:eq(root.leading), label.top:eq(root.top), c })
    root:layout()
    assert.are.same({ 0, 0, 80, 40 }, { label:frame() })
    assert.are.same({ 0, 10, 200, 85 }, { safe:layout_frame() })
    assert.truthy(c:description():find("'half'", 1, true))
    assert.are.equal(999, c:info().priority)
    -- Alone (the half-width constraint reaches outside its subtree), the label fits its text
    -- on one line: the measure function, called from the fitting pass.
    local w, h = label:system_layout_size_fitting(0, 0)
    assert.are.same({ 140, 20 }, { w, h })
    local path = os.tmpname()
    label:write_svg(path)
    local f = assert(io.open(path, "rb"))
    local text = f:read("*a")
    f:close()
    os.remove(path)
    assert.truthy(text:find("<svg", 1, true))
    assert.are.equal(root:svg({ scale = 2 }):find("<svg", 1, true) ~= nil, true)
    engine:free()
  end)
end)
