-- wrk script for Store API writes: each request picks one of the prepared carts (their
-- Cart-Tokens lift the nonce requirement, as for headless clients) and sends the body in
-- BODY with the method in METHOD to the path in PATH_. Carts and the body come from
-- environment variables set by bench/cart.sh, and ACCEPT_ENCODING (sent when not empty).
local tokens = {}
for token in string.gmatch(os.getenv("TOKENS") or "", "[^,]+") do
  tokens[#tokens + 1] = token
end
local body = os.getenv("BODY") or ""
local method = os.getenv("METHOD") or "GET"
local path = os.getenv("PATH_") or "/wp-json/wc/store/v1/cart"
local accept_encoding = os.getenv("ACCEPT_ENCODING") or ""
local counter = 0

request = function()
  counter = counter + 1
  local headers = { ["Content-Type"] = "application/json", ["Cart-Token"] = tokens[(counter % #tokens) + 1] }
  if accept_encoding ~= "" then
    headers["Accept-Encoding"] = accept_encoding
  end
  return wrk.format(method, path, headers, body)
end
