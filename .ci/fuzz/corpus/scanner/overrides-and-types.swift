enumToastProvider:InjectProvider { static var scopeName: ScopeName? { .session } }
let kiosk = Container(parent: c)
kiosk.register(.toast) { K() }
// inject-lint: override
c.register(InjectID<any P>("F" + name)) { P() }
extension InjectID where Service == (any P) { static var x: Self { InjectID(xInjectID) } }
enum `A B`: ArgumentInjectProvider {}
