-- Tether for LuaJIT: the C ABI (Include/tether.h) through LuaJIT's FFI. See README.md.
--
--   local tether = require("tether")
--   local engine = tether.Engine()
--   local root = engine:view{0, 0, 390, 844}
--   local box = root:subview("box")
--   engine:activate{ box.leading:eq(root.leading + 8), box.width:eq(root.width * 0.5) }
--   root:layout()                      -- box:frame() -> x, y, width, height
--
-- Engines and solvers are garbage-collected (ffi.gc) and can be freed at once with :free().
-- Views, guides and constraints are ids owned by their engine (tether/engine.h): they die with
-- it, and a call with one after its engine was freed raises INVALID_HANDLE.
local ffi = require("ffi")
local defs = require("tether.cdefs")

ffi.cdef(defs.cdef)
local K = defs.constants

-- The library: $TETHER_LIBRARY, else this checkout's release build, else the system's.
local function load_library()
  local from_env = os.getenv("TETHER_LIBRARY")
  if from_env and from_env ~= "" then return ffi.load(from_env) end
  local source = debug.getinfo(1, "S").source
  local here = source:sub(1, 1) == "@" and source:sub(2):match("^(.*)/") or "."
  local candidate = here .. "/../../.build/release/libtether.so"
  local f = io.open(candidate, "rb")
  if f then f:close(); return ffi.load(candidate) end
  return ffi.load("tether")
end
local C = load_library()

local M = { C = C, constants = K }

-- Errors ---------------------------------------------------------------------------------------
local Error = {}
Error.__index = Error
Error.__tostring = function(e) return e.name .. ": " .. e.message end
M.Error = Error

local function raise(status, level)
  local message = ffi.string(C.tether_last_error())
  error(setmetatable({ status = status, name = ffi.string(C.tether_status_name(status)),
                       message = message }, Error), level or 3)
end
local function check(status)
  if status ~= 0 then raise(status, 3) end
end
M.check = check

local function buf(ctype, n) return ffi.new(ctype .. "[?]", math.max(n, 1)) end
local size_out = function() return ffi.new("size_t[1]") end

-- Reads a two-call string: fn(buffer, capacity, needed_ptr).
local function read_string(fn)
  local needed = size_out()
  local first = fn(nil, 0, needed)
  if first ~= 0 and first ~= K.E_BUFFER_TOO_SMALL then raise(first, 3) end
  local n = tonumber(needed[0])
  local b = buf("char", n)
  check(fn(b, n, needed))
  return ffi.string(b)
end
-- Reads a two-call id list.
local function read_ids(fn)
  local needed = size_out()
  local first = fn(nil, 0, needed)
  if first ~= 0 and first ~= K.E_BUFFER_TOO_SMALL then raise(first, 3) end
  local n = tonumber(needed[0])
  local b = buf("uint64_t", n)
  check(fn(b, n, needed))
  local list = {}
  for i = 0, n - 1 do list[#list + 1] = b[i] end
  return list
end

-- Attributes, relations, priorities -----------------------------------------------------------
local ATTRIBUTES = {
  left = K.ATTRIBUTE_LEFT, right = K.ATTRIBUTE_RIGHT, top = K.ATTRIBUTE_TOP,
  bottom = K.ATTRIBUTE_BOTTOM, leading = K.ATTRIBUTE_LEADING, trailing = K.ATTRIBUTE_TRAILING,
  width = K.ATTRIBUTE_WIDTH, height = K.ATTRIBUTE_HEIGHT, center_x = K.ATTRIBUTE_CENTER_X,
  center_y = K.ATTRIBUTE_CENTER_Y, last_baseline = K.ATTRIBUTE_LAST_BASELINE,
  first_baseline = K.ATTRIBUTE_FIRST_BASELINE, left_margin = K.ATTRIBUTE_LEFT_MARGIN,
  right_margin = K.ATTRIBUTE_RIGHT_MARGIN, top_margin = K.ATTRIBUTE_TOP_MARGIN,
  bottom_margin = K.ATTRIBUTE_BOTTOM_MARGIN, leading_margin = K.ATTRIBUTE_LEADING_MARGIN,
  trailing_margin = K.ATTRIBUTE_TRAILING_MARGIN,
  center_x_within_margins = K.ATTRIBUTE_CENTER_X_WITHIN_MARGINS,
  center_y_within_margins = K.ATTRIBUTE_CENTER_Y_WITHIN_MARGINS,
}
M.attributes = ATTRIBUTES
M.priority = { required = 1000, default_high = 750, default_low = 250, fitting_size = 50 }
M.autoresizing = {
  none = 0, flexible_left_margin = 1, flexible_width = 2, flexible_right_margin = 4,
  flexible_top_margin = 8, flexible_height = 16, flexible_bottom_margin = 32,
}
M.axis = { horizontal = K.AXIS_HORIZONTAL, vertical = K.AXIS_VERTICAL }
M.direction = {
  left_to_right = K.LAYOUT_DIRECTION_LEFT_TO_RIGHT, right_to_left = K.LAYOUT_DIRECTION_RIGHT_TO_LEFT,
}
M.distribution = {
  fill = K.STACK_DISTRIBUTION_FILL, fill_equally = K.STACK_DISTRIBUTION_FILL_EQUALLY,
  fill_proportionally = K.STACK_DISTRIBUTION_FILL_PROPORTIONALLY,
  equal_spacing = K.STACK_DISTRIBUTION_EQUAL_SPACING,
  equal_centering = K.STACK_DISTRIBUTION_EQUAL_CENTERING,
}
local EQ, GE, LE = K.RELATION_EQUAL, K.RELATION_GREATER_THAN_OR_EQUAL,
                   K.RELATION_LESS_THAN_OR_EQUAL

-- Anchors and expressions: `a.leading + 8`, `b.width * 0.5`, `a.top:eq(b.bottom + 8, 750)` -----
local Anchor = {}
local AnchorExpr = {}
Anchor.__index = Anchor
AnchorExpr.__index = Anchor

local function expr_of(x)
  if getmetatable(x) == Anchor then
    return { item = x.item, attribute = x.attribute, multiplier = 1, constant = 0 }
  end
  return x
end
local function new_expr(item, attribute, multiplier, constant)
  return setmetatable({ item = item, attribute = attribute, multiplier = multiplier,
                        constant = constant }, AnchorExpr)
end
local function add(a, b)
  if type(a) == "number" then a, b = b, a end
  local e = expr_of(a)
  assert(type(b) == "number", "an anchor expression adds numbers only")
  return new_expr(e.item, e.attribute, e.multiplier, e.constant + b)
end
local function sub(a, b)
  assert(type(b) == "number", "an anchor expression subtracts numbers only")
  return add(a, -b)
end
local function mul(a, b)
  if type(a) == "number" then a, b = b, a end
  local e = expr_of(a)
  assert(type(b) == "number", "an anchor expression multiplies by numbers only")
  return new_expr(e.item, e.attribute, e.multiplier * b, e.constant * b)
end
for _, mt in ipairs({ Anchor, AnchorExpr }) do
  mt.__add, mt.__sub, mt.__mul = add, sub, mul
  mt.__tostring = function(x)
    local e = expr_of(x)
    return string.format("%s.%d * %g + %g", tostring(e.item), e.attribute, e.multiplier,
                         e.constant)
  end
end

local LayoutConstraint = {}
LayoutConstraint.__index = LayoutConstraint

local function constrain(self, relation, rhs, priority)
  local lhs = expr_of(self)
  assert(lhs.multiplier == 1 and lhs.constant == 0,
         "the left side of a constraint is a plain anchor")
  local engine = lhs.item.engine
  local out = ffi.new("tether_layout_constraint[1]")
  if type(rhs) == "number" then
    check(C.tether_layout_constraint_new(engine:ptr(), lhs.item.id, lhs.attribute, relation, 0,
                                         K.ATTRIBUTE_NOT_AN_ATTRIBUTE, 0, rhs, priority or 1000,
                                         out))
  else
    local r = expr_of(rhs)
    check(C.tether_layout_constraint_new(engine:ptr(), lhs.item.id, lhs.attribute, relation,
                                         r.item.id, r.attribute, r.multiplier, r.constant,
                                         priority or 1000, out))
  end
  return setmetatable({ engine = engine, id = out[0] }, LayoutConstraint)
end
--- An inactive constraint `self == rhs` (an anchor, an anchor expression or a number).
function Anchor:eq(rhs, priority) return constrain(self, EQ, rhs, priority) end
function Anchor:ge(rhs, priority) return constrain(self, GE, rhs, priority) end
function Anchor:le(rhs, priority) return constrain(self, LE, rhs, priority) end

function LayoutConstraint:activate()
  check(C.tether_layout_constraint_set_active(self.engine:ptr(), self.id, 1)); return self
end
function LayoutConstraint:deactivate()
  check(C.tether_layout_constraint_set_active(self.engine:ptr(), self.id, 0)); return self
end
function LayoutConstraint:set_constant(value)
  check(C.tether_layout_constraint_set_constant(self.engine:ptr(), self.id, value)); return self
end
function LayoutConstraint:set_priority(value)
  check(C.tether_layout_constraint_set_priority(self.engine:ptr(), self.id, value)); return self
end
function LayoutConstraint:set_identifier(name)
  check(C.tether_layout_constraint_set_identifier(self.engine:ptr(), self.id, name)); return self
end
function LayoutConstraint:info()
  local info = ffi.new("tether_layout_constraint_info")
  check(C.tether_layout_constraint_info_get(self.engine:ptr(), self.id, info))
  return { first_attribute = info.first_attribute, second_attribute = info.second_attribute,
           relation = info.relation, priority = info.priority, multiplier = info.multiplier,
           constant = info.constant, active = info.is_active ~= 0,
           broken = info.is_broken ~= 0 }
end
function LayoutConstraint:description()
  local e, id = self.engine:ptr(), self.id
  return read_string(function(b, n, needed)
    return C.tether_layout_constraint_description(e, id, b, n, needed)
  end)
end
LayoutConstraint.__tostring = LayoutConstraint.description
function LayoutConstraint:free()
  check(C.tether_layout_constraint_free(self.engine:ptr(), self.id))
end

M.Anchor, M.LayoutConstraint = Anchor, LayoutConstraint
local helpers = {
  C = C, K = K, check = check, raise = raise, read_string = read_string, read_ids = read_ids,
  buf = buf, size_out = size_out, Anchor = Anchor, LayoutConstraint = LayoutConstraint,
  ATTRIBUTES = ATTRIBUTES,
}
require("tether.view_model")(M, helpers)
return require("tether.animation")(M, helpers)
