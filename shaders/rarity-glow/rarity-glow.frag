// Rarity glow: a soft halo in the rarity colour around the opaque parts of the tile, pulsing
// with uTime; uStrength 0 leaves the input untouched.
in vec2 vTextureCoord;
out vec4 finalColor;

uniform sampler2D uTexture;
uniform highp vec4 uInputSize;
uniform vec3 uColor;
uniform float uStrength;
uniform float uTime;

void main(void)
{
    vec4 base = texture(uTexture, vTextureCoord);
    vec2 px = uInputSize.zw * 6.0;
    float halo = 0.0;
    for (int i = 0; i < 12; i++) {
        float a = 6.2831853 * float(i) / 12.0;
        vec2 d = vec2(cos(a), sin(a));
        halo += texture(uTexture, vTextureCoord + d * px).a;
        halo += 0.5 * texture(uTexture, vTextureCoord + d * px * 2.0).a;
    }
    halo = clamp(halo / 18.0, 0.0, 1.0) * (1.0 - base.a);
    float pulse = 0.75 + 0.25 * sin(uTime * 4.0);
    vec4 glow = vec4(uColor, 1.0) * halo * uStrength * pulse;
    finalColor = base + glow;
}
