module m
contains
function f()
contains
module m
end
end
end
