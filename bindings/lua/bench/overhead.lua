-- The Lua binding's per-call overhead: the work of bench/overhead.c (a root and VIEWS subviews,
-- four constraints each made one by one and activated as one batch, one layout pass, every
-- frame read; then FRAME_READS reads of one frame) through the binding, timed with os.clock()
-- (CPU time), best of ROUNDS. `make bench-lua` runs both; docs/benchmarks.md has the figures.
package.path = "./?.lua;" .. package.path
local tether = require("tether")

local VIEWS, ROUNDS, FRAME_READS = 1000, 5, 1000000

local function build_once()
  local start = os.clock()
  local engine = tether.Engine()
  local root = engine:view({ 0, 0, 1000, 1000 })
  local views, made = {}, {}
  for i = 1, VIEWS do
    local v = root:subview()
    views[i] = v
    made[#made + 1] = v.leading:eq(root.leading + (i - 1))
    made[#made + 1] = v.top:eq(root.top + (i - 1))
    made[#made + 1] = v.width:eq(10)
    made[#made + 1] = v.height:eq(10)
  end
  engine:activate(made)
  root:layout()
  for i = 1, VIEWS do views[i]:frame() end
  engine:free()
  return os.clock() - start
end

local best = math.huge
for _ = 1, ROUNDS do best = math.min(best, build_once()) end

local engine = tether.Engine()
local root = engine:view({ 0, 0, 100, 100 })
local start = os.clock()
for _ = 1, FRAME_READS do root:frame() end
local reads = os.clock() - start
engine:free()

print(string.format("Lua  build %d views (4 constraints each), layout, read frames: %8.2f ms",
                    VIEWS, best * 1e3))
print(string.format("Lua  view:frame(), per call: %8.1f ns", reads / FRAME_READS * 1e9))
