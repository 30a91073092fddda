// Flat shapes: the vertex colour as it is — no texture read (Pixi's graphics shader samples a white
// texture for every pixel of a plain fill, which software WebGL pays for on the CPU).
in vec4 vColor;
out vec4 finalColor;

void main(void)
{
    finalColor = vColor;
}
