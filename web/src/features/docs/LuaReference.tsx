import { useState } from 'react';
import { Accordion, type AccordionItem } from '../../components/ui/Accordion';

const topics: AccordionItem[] = [
  {
    id: 'basic-syntax',
    title: 'Basic Syntax',
    body: (
      <>
        <p>
          Variables are global unless declared with <code>local</code>; prefer <code>local</code>. Comments start with{' '}
          <code>--</code>, block comments use <code>--[[ ... ]]</code>. Strings join with <code>..</code>, and{' '}
          <code>#</code> gives the length of a string or a sequence.
        </p>
        <pre className="lv-docs__code">{`local playerName = "Builder"   -- a string
local score = 42                -- numbers are floating point
local alive = true              -- booleans: true / false; nil means "no value"

print("Hello, " .. playerName .. "! Score: " .. score)
print(#playerName)              --> 7`}</pre>
      </>
    ),
  },
  {
    id: 'control-flow',
    title: 'Control Flow',
    body: (
      <>
        <p>
          Only <code>nil</code> and <code>false</code> are falsy; <code>0</code> and <code>""</code> are true. Blocks end with{' '}
          <code>end</code>; inequality is <code>~=</code>.
        </p>
        <pre className="lv-docs__code">{`if score >= 100 then
  print("Winner")
elseif score ~= 0 then
  print("Keep going")
else
  print("No points yet")
end

for i = 1, 10 do print(i) end          -- numeric for, inclusive
while alive do alive = step() end
repeat score = score - 1 until score <= 0`}</pre>
      </>
    ),
  },
  {
    id: 'functions',
    title: 'Functions',
    body: (
      <>
        <p>
          Functions are values: store them in variables and tables, pass them around, and return several results at once.
          The colon syntax passes the table itself as <code>self</code>.
        </p>
        <pre className="lv-docs__code">{`local function add(a, b)
  return a + b
end

local function minMax(list)
  return math.min(table.unpack(list)), math.max(table.unpack(list))
end
local low, high = minMax({ 4, 8, 15 })

local counter = { count = 0 }
function counter:increment() self.count = self.count + 1 end
counter:increment()`}</pre>
      </>
    ),
  },
  {
    id: 'tables',
    title: 'Tables',
    body: (
      <>
        <p>
          Tables are the only data structure: arrays (indexed from 1), dictionaries and objects. Use <code>ipairs</code> for
          sequences and <code>pairs</code> for all keys.
        </p>
        <pre className="lv-docs__code">{`local fruits = { "apple", "banana" }
table.insert(fruits, "cherry")
for index, fruit in ipairs(fruits) do print(index, fruit) end

local player = { name = "Builder", level = 3 }
player.level = player.level + 1
for key, value in pairs(player) do print(key, value) end`}</pre>
      </>
    ),
  },
  {
    id: 'platform',
    title: 'Platform-Specific Features',
    body: (
      <>
        <p>
          The game platform runs Luau, a Lua 5.1 dialect with additions such as compound assignment (<code>+=</code>), type
          annotations and string interpolation. Its engine is reached through services and instances, and changes are
          signalled by events you <code>Connect</code> to.
        </p>
        <pre className="lv-docs__code">{`local Players = game:GetService("Players")

Players.PlayerAdded:Connect(function(player)
  print(\`{player.Name} joined\`)
end)

local part = Instance.new("Part")
part.Anchored = true
part.Parent = workspace
task.wait(1)`}</pre>
        <p>
          To run a script shared from LuaVault on the platform, use its loadstring snippet (from the editor's Copy
          Loadstring button):
        </p>
        <pre className="lv-docs__code">{`loadstring(game:HttpGet("${window.location.origin}/api/share/<shareId>/raw"))()`}</pre>
      </>
    ),
  },
];

const DOCS_CLASSES = {
  root: 'lv-docs__accordion',
  item: 'lv-docs__accordion-item',
  heading: 'lv-docs__accordion-heading',
  trigger: 'lv-docs__accordion-trigger',
  chevron: 'lv-docs__chevron',
  panel: 'lv-docs__accordion-panel',
};

/** The Lua Reference accordion: one topic open at a time. */
export function LuaReference() {
  const [openId, setOpenId] = useState<string | null>(null);
  return <Accordion items={topics} openId={openId} onToggle={(id) => setOpenId((current) => (current === id ? null : id))} classes={DOCS_CLASSES} />;
}
