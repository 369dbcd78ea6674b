-- The Neovim test of flinklint lsp (issue 25), run headless by
-- .ci/editors with Debian's Neovim 0.7.2 and its built-in client:
--
--   FLINKLINT=bin ROOT=dir FILE=dir/.../StreamDefaults.java \
--     nvim --headless -u NONE -c 'luafile editors/neovim/test.lua'
--
-- It opens a job file of a small project (the strategy of
-- rules/missing-idleness/testdata/crossfile), waits for the finding,
-- checks its rule and range, applies the code action that silences it,
-- writes the file, and checks that the finding is gone. Exit status 0
-- when all holds, 1 with a message on stderr otherwise.
local function fail(msg)
  io.stderr:write('FAIL: ' .. msg .. '\n')
  vim.cmd('cquit 1')
end

local root, file = os.getenv('ROOT'), os.getenv('FILE')
vim.cmd('edit ' .. file)
local buf = vim.api.nvim_get_current_buf()
local id = vim.lsp.start_client({
  name = 'flinklint',
  cmd = { os.getenv('FLINKLINT') or 'flinklint', 'lsp' },
  root_dir = root,
})
if not id then
  fail('the client did not start')
end
vim.lsp.buf_attach_client(buf, id)

local d
if not vim.wait(30000, function()
  d = vim.diagnostic.get(buf)
  return #d > 0
end, 50) then
  fail('no diagnostics in 30 s')
end
-- The finding: on .<String>forBoundedOutOfOrderness (line 13, columns
-- 21-45 from 0), Neovim's positions are 0-based lines and byte columns.
local want = { code = 'missing-idleness', lnum = 12, col = 21, end_col = 45 }
for k, v in pairs(want) do
  if d[1][k] ~= v then
    fail(string.format('diagnostic %s = %s, want %s: %s', k, tostring(d[1][k]), tostring(v), vim.inspect(d[1])))
  end
end
print('diagnostic: ' .. d[1].code .. ' at ' .. (d[1].lnum + 1) .. ':' .. (d[1].col + 1) .. ': ' .. d[1].message)

-- Neovim 0.7 asks which action with vim.ui.select, even for one: choose
-- the directive that silences the finding with a reason.
local titles = {}
vim.ui.select = function(items, _, choose)
  for i, item in ipairs(items) do
    table.insert(titles, item[2].title)
    if item[2].title:match('^Silence') then
      return choose(item, i)
    end
  end
  fail('no Silence action among ' .. vim.inspect(titles))
end
vim.api.nvim_win_set_cursor(0, { d[1].lnum + 1, d[1].col })
vim.lsp.buf.code_action({ diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf) })
if not vim.wait(10000, function()
  return vim.bo[buf].modified
end, 50) then
  fail('the code action changed nothing; actions: ' .. vim.inspect(titles))
end
print('applied: ' .. vim.inspect(titles))

vim.cmd('write')
if not vim.wait(30000, function()
  return #vim.diagnostic.get(buf) == 0
end, 50) then
  fail('the finding is still there: ' .. vim.inspect(vim.diagnostic.get(buf)))
end
local line = vim.api.nvim_buf_get_lines(buf, 12, 13, false)[1]
if not line:match('^%s*// flinklint:ignore missing%-idleness reason: ') then
  fail('the directive is not above the finding: ' .. line)
end
print('written: ' .. line)

vim.lsp.stop_client(id)
vim.wait(5000, function()
  return vim.lsp.get_client_by_id(id) == nil
end, 50)
print('ok')
vim.cmd('qall!')
